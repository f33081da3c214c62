"""Who is calling: HTTP basic authentication and mqweb-style login tokens, with the users of
:mod:`mqsc.serve.users`.

mqweb (IBM MQ, "Using HTTP basic authentication with the REST API" and "Using token-based
authentication with the REST API") takes either an ``Authorization: Basic`` header on every
request, or a ``POST /login`` that sets an ``LtpaToken2`` cookie used afterwards and ended by
``DELETE /login``. Tokens here are random strings known only to this server process, valid
for 120 minutes (mqweb's default ltpaExpiration). Repeated wrong passwords for one user are
refused for a while (429) so a password cannot be guessed at full speed.
"""

from __future__ import annotations

import base64
import hashlib
import secrets
import threading
import time
from dataclasses import dataclass

from mqsc.serve.users import User

TOKEN_COOKIE = "LtpaToken2"
TOKEN_SECONDS = 120 * 60
#: After this many wrong passwords in a row a user is refused for LOCK_SECONDS (doubling up
#: to MAX_LOCK_SECONDS while failures go on).
FAILURES_ALLOWED, LOCK_SECONDS, MAX_LOCK_SECONDS = 5, 5.0, 60.0
#: Names whose failures are remembered at most (beyond it, those not locked out are dropped).
MAX_TRACKED = 10_000


@dataclass(frozen=True, slots=True)
class Principal:
    name: str
    role: str
    #: The z/OS user id the user maps to (mqsc/serve/users.py).
    userid: str = ""


@dataclass(frozen=True, slots=True)
class Refused:
    """Authentication failed: 401, or 429 while the user is locked out."""

    status: int
    retry_after: int = 0


class Authenticator:
    def __init__(self, users: dict[str, User], *, clock=time.monotonic) -> None:
        self.users = users
        self.clock = clock
        self._lock = threading.Lock()
        self._tokens: dict[str, tuple[Principal, float]] = {}
        self._failures: dict[str, tuple[int, float]] = {}
        #: Credentials already checked: scrypt takes tens of milliseconds by design, and
        #: basic authentication sends the password on every request. Keyed by a keyed hash,
        #: never the password.
        self._verified: dict[bytes, Principal] = {}
        self._pepper = secrets.token_bytes(16)

    # ---- passwords ------------------------------------------------------------------------
    def login(self, name: str, password: str) -> Principal | Refused:
        """Check a user name and password."""
        now = self.clock()
        with self._lock:
            count, until = self._failures.get(name, (0, 0.0))
            if until > now:
                return Refused(429, max(1, int(until - now + 0.999)))
        memo = hashlib.sha256(self._pepper + name.encode() + b"\0" + password.encode()).digest()
        known = self._verified.get(memo)
        if known is not None and self.users.get(name) is not None:
            return known
        user = self.users.get(name)
        if user is None or not user.check(password):
            with self._lock:
                # Counted afresh under the lock: guesses checked in parallel each count.
                count = self._failures.get(name, (0, 0.0))[0] + 1
                lock = 0.0
                if count >= FAILURES_ALLOWED:
                    lock = min(LOCK_SECONDS * 2 ** (count - FAILURES_ALLOWED), MAX_LOCK_SECONDS)
                if len(self._failures) >= MAX_TRACKED and name not in self._failures:
                    # Guessing over many names must not grow memory without bound: forget
                    # the names no longer locked out.
                    self._failures = {k: v for k, v in self._failures.items() if v[1] > now}
                self._failures[name] = (count, now + lock)
            return Refused(401)
        with self._lock:
            self._failures.pop(name, None)
            principal = Principal(user.name, user.role, user.userid)
            if len(self._verified) > 1024:
                self._verified.clear()
            self._verified[memo] = principal
        return principal

    def basic(self, header: str) -> Principal | Refused | None:
        """An ``Authorization`` header's basic credentials; None when it carries none."""
        scheme, _, value = header.partition(" ")
        if scheme.lower() != "basic":
            return None
        try:
            decoded = base64.b64decode(value.strip(), validate=True).decode("utf-8")
        except (ValueError, UnicodeDecodeError):
            return Refused(401)
        name, colon, password = decoded.partition(":")
        if not colon:
            return Refused(401)
        return self.login(name, password)

    # ---- tokens ---------------------------------------------------------------------------
    def issue(self, principal: Principal) -> str:
        token = secrets.token_urlsafe(32)
        with self._lock:
            now = self.clock()
            for key in [k for k, (_, end) in self._tokens.items() if end <= now]:
                del self._tokens[key]
            self._tokens[token] = (principal, now + TOKEN_SECONDS)
        return token

    def token(self, token: str) -> Principal | None:
        with self._lock:
            entry = self._tokens.get(token)
            if entry is None or entry[1] <= self.clock():
                return None
            return entry[0]

    def revoke(self, token: str) -> None:
        with self._lock:
            self._tokens.pop(token, None)
