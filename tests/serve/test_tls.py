"""HTTPS with --cert/--key: the same API over TLS, and the login cookie marked Secure."""

from __future__ import annotations

import shutil
import subprocess

import httpx
import pytest

from tests.serve.conftest import USERS, start_server, stop


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl is not installed")
def test_https_with_a_certificate(tmp_path_factory: pytest.TempPathFactory) -> None:
    home = tmp_path_factory.mktemp("tls-home")
    cert, key = home / "cert.pem", home / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-keyout",
            str(key),
            "-out",
            str(cert),
            "-days",
            "1",
            "-subj",
            "/CN=localhost",
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    process, server = start_server(home, "--memory", "--cert", str(cert), "--key", str(key))
    url = server.url.replace("http://", "https://")
    try:
        with httpx.Client(base_url=url, verify=False, auth=("admin", USERS["admin"][0])) as c:
            assert c.get("/ibmmq/rest/v1/admin/qmgr").json()["qmgr"][0]["name"] == "QMZ1"
        with httpx.Client(base_url=url, verify=False) as c:
            login = c.post(
                "/ibmmq/rest/v1/login", json={"username": "admin", "password": USERS["admin"][0]}
            )
            assert login.status_code == 204
            assert "secure" in login.headers["set-cookie"].lower()
        with pytest.raises(httpx.HTTPError):  # no plain HTTP on the TLS port
            httpx.get(server.url + "/zosmf/info", timeout=10)
    finally:
        stop(process)
