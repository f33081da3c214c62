"""The emulator's configuration of one queue manager: what z/OS keeps outside MQSC.

Page set sizes come from the VSAM data sets (IDCAMS / CSQUTIL FORMAT), buffer storage from the
region and MEMLIMIT; none of that is MQSC, so each queue manager has an ``mqsc.toml`` that
``mqsc create`` writes (docs/configuration.md). Parsing and printing it are pure functions;
front ends read and write the file.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field

from mqsc.engine.storage import constants


@dataclass(frozen=True, slots=True)
class PageSetGeometry:
    """Primary and secondary allocation of a page set data set, in 4 KB pages."""

    primary: int = constants.DEFAULT_PRIMARY
    secondary: int = constants.DEFAULT_SECONDARY


@dataclass(frozen=True, slots=True)
class QMConfig:
    """Emulator settings of a queue manager."""

    pagesets: PageSetGeometry = field(default_factory=PageSetGeometry)
    overrides: Mapping[int, PageSetGeometry] = field(default_factory=dict)
    #: The active log data sets of each log copy a new queue manager gets (z/OS: the
    #: clusters the CSQ4BSDS job defines), and the size of each in megabytes.
    log_datasets: int = constants.LOG_DATASETS
    log_megabytes: int = constants.LOG_DATASET_BYTES // 2**20

    @property
    def log_bytes(self) -> int:
        return self.log_megabytes * 2**20

    def geometry(self, psid: int) -> PageSetGeometry:
        """The allocation of page set ``psid``."""
        return self.overrides.get(psid, self.pagesets)

    @classmethod
    def from_toml(cls, text: str) -> QMConfig:
        """Parse an ``mqsc.toml``.

        >>> QMConfig.from_toml("[pagesets]\\nprimary = 1080\\n[pagesets.overrides]\\n"
        ...                    "41 = { primary = 20160 }").geometry(41).primary
        20160
        """
        data = tomllib.loads(text)
        pagesets = data.get("pagesets", {})
        default = PageSetGeometry(
            int(pagesets.get("primary", constants.DEFAULT_PRIMARY)),
            int(pagesets.get("secondary", constants.DEFAULT_SECONDARY)),
        )
        overrides = {}
        for key, value in pagesets.get("overrides", {}).items():
            overrides[int(key)] = PageSetGeometry(
                int(value.get("primary", default.primary)),
                int(value.get("secondary", default.secondary)),
            )
        log = data.get("log", {})
        return cls(
            default,
            overrides,
            max(2, int(log.get("datasets", constants.LOG_DATASETS))),
            max(1, int(log.get("megabytes", constants.LOG_DATASET_BYTES // 2**20))),
        )

    def to_toml(self) -> str:
        """The ``[pagesets]`` section, as ``mqsc create`` writes it."""
        lines = [
            "[pagesets]",
            "# Page set data set allocation in 4 KB pages: 180 pages are one 3390 cylinder.",
            f"primary = {self.pagesets.primary}",
            f"secondary = {self.pagesets.secondary}",
        ]
        if self.overrides:
            lines += ["", "[pagesets.overrides]"]
            for psid, g in sorted(self.overrides.items()):
                lines.append(f"{psid} = {{ primary = {g.primary}, secondary = {g.secondary} }}")
        default_log = (constants.LOG_DATASETS, constants.LOG_DATASET_BYTES // 2**20)
        if (self.log_datasets, self.log_megabytes) != default_log:
            lines += [
                "",
                "[log]",
                "# Active log data sets of each log copy (at least 2) and their size in MB.",
                f"datasets = {self.log_datasets}",
                f"megabytes = {self.log_megabytes}",
            ]
        return "\n".join(lines) + "\n"
