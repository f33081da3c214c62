"""The import layering: data flows one way (docs/architecture.md), and no module imports itself
back through others.

A module may import only from its own layer or layers below it; within a layer, the imports
between modules form no cycle. Lark stays behind the parser, prompt_toolkit behind the
console, rich behind the front ends.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "mqsc"

#: Lowest first. Names are module paths under mqsc (a package name covers its modules; the
#: longest name that matches decides, so ``engine.records`` sits below the rest of ``engine``).
LAYERS: tuple[tuple[str, ...], ...] = (
    ("support",),  # helpers with no mqsc imports
    ("catalog",),  # the language's tables: commands, families, messages, reasons
    ("language",),  # text -> typed commands
    ("racf",),  # the simulated RACF: database, decisions, TSO commands (pure)
    ("engine.records",),  # what the engine answers with: the renderers' input
    ("engine",),  # typed commands -> records, on the simulated state
    ("store",),  # the SQLite state store and where queue managers live
    ("network",),  # channels between queue managers: batches moved between engines
    ("render",),  # records -> console text, SYSPRINT, JSON
    ("batch", "repl", "serve", "cli", "__main__"),  # the front ends
)
THIRD_PARTY = {
    "lark": ("language.parser",),
    "prompt_toolkit": ("repl",),
    "rich": ("repl", "cli"),
    "pygments": ("render.pygments", "repl"),
    "starlette": ("serve.app",),
    "uvicorn": ("serve.server",),
}


def _covers(name: str, module: str) -> bool:
    return module == name or module.startswith(name + ".")


def layer_of(module: str) -> int:
    """The layer of ``module`` (a dotted path under mqsc), by its most specific name."""
    best = None
    for index, names in enumerate(LAYERS):
        for name in names:
            if _covers(name, module) and (best is None or len(name) > len(best[1])):
                best = (index, name)
    assert best is not None, f"mqsc.{module} is in no layer: add it to LAYERS"
    return best[0]


def modules() -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).with_suffix("")
        parts = relative.parts[:-1] if relative.name == "__init__" else relative.parts
        if not parts:
            continue
        yield ".".join(parts), ast.parse(path.read_text(encoding="utf-8"))


def _type_checking_only(tree: ast.AST) -> set[int]:
    """Ids of import nodes under ``if TYPE_CHECKING:`` (type-only imports are allowed)."""
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            ids.update(id(n) for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom))
    return ids


def _is_module(dotted: str) -> bool:
    path = PACKAGE.parent / dotted.replace(".", "/")
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def imports(tree: ast.AST) -> Iterator[str]:
    """What a module imports at run time (top level or inside functions), as dotted names;
    ``from package import module`` imports the module, not the package's ``__init__``."""
    skip = _type_checking_only(tree)
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            submodules = [
                f"{node.module}.{a.name}"
                for a in node.names
                if node.module.startswith("mqsc") and _is_module(f"{node.module}.{a.name}")
            ]
            yield from submodules
            if len(submodules) < len(node.names):
                yield node.module


def _graph() -> dict[str, set[str]]:
    graph = {}
    for name, tree in modules():
        graph[name] = {
            t[len("mqsc.") :]
            for t in imports(tree)
            if t.startswith("mqsc.") and t != f"mqsc.{name}"
        }
    return graph


def test_every_import_points_down_the_pipeline() -> None:
    problems = []
    for name, tree in modules():
        mine = layer_of(name)
        for target in imports(tree):
            if target.startswith("mqsc."):
                if layer_of(target[len("mqsc.") :]) > mine:
                    problems.append(f"mqsc.{name} imports {target} (a later stage)")
            top = target.split(".")[0]
            if top in THIRD_PARTY:
                allowed = THIRD_PARTY[top]
                if not any(_covers(a, name) for a in allowed):
                    problems.append(f"mqsc.{name} imports {top}")
    assert not problems, "\n".join(problems)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles of ``graph``: its strongly connected components of two or more.

    >>> cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}})
    [['a', 'b']]
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for vertex in sorted(graph):
        if vertex not in index:
            visit(vertex)
    return found


def test_no_import_cycles() -> None:
    assert cycles(_graph()) == []


def test_the_package_root_is_only_the_facade() -> None:
    # Every stage is a package; the root holds the public facade and ``python -m mqsc``.
    loose = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert loose == ["__init__.py", "__main__.py"]


# ---- rooms: what each stage may hold ----------------------------------------------------------
#: The engine modules the store may use: the queue manager it builds, the protocols it
#: implements for it, and the data it stores and reads back. Behaviour (handlers, messaging,
#: channels) stays in the engine.
STORE_MAY_USE = {
    "engine.collaborators",
    "engine.config",
    "engine.group",
    "engine.log",
    "engine.manager",
    "engine.mqobjects",
    "engine.records",
    "engine.serial",
    "engine.state",
}
#: What I/O looks like in Python: the engine has none of it (front ends and the store do it).
ENGINE_IO_CALLS = {"open", "print", "input", "exec", "eval"}
ENGINE_IO_ATTRIBUTES = {
    ("os", "environ"),
    ("os", "getenv"),
    ("os", "kill"),
    ("os", "getpid"),
    ("os", "system"),
    ("os", "popen"),
    ("sys", "stdout"),
    ("sys", "stderr"),
    ("sys", "stdin"),
}
ENGINE_IO_MODULES = {
    "subprocess",
    "socket",
    "sqlite3",
    "shutil",
    "pathlib",
    "tempfile",
    "signal",
    "threading",
}
#: The one use of such a module the engine may make: a lock around the message identifiers'
#: counter (threads of one process, the console's and a server's, put messages).
ENGINE_IO_ALLOWED = {("engine.messaging.bodies", "threading")}
FRONT_ENDS = ("batch", "repl", "serve", "cli")


def test_the_store_holds_no_engine_behaviour() -> None:
    problems = [
        f"mqsc.{name} imports {target}"
        for name, tree in modules()
        if _covers("store", name)
        for target in imports(tree)
        if target.startswith("mqsc.engine")
        and target[len("mqsc.") :] not in STORE_MAY_USE
        and target != "mqsc.engine"
    ]
    assert not problems, "\n".join(problems)


#: What a queue manager is given from outside (mqsc/engine/collaborators.py) and its phase:
#: read-only properties of the queue manager, changed only by ``QueueManager.attach`` (its
#: phase: by the engine alone). Outside the engine nothing assigns them.
GIVEN = {
    "gate",
    "network",
    "vsam",
    "logcatalog",
    "modules",
    "initdecks",
    "smf_sink",
    "security",
    "owner_alive",
    "phase",
    "listeners",
}


def test_nothing_outside_the_engine_sets_what_a_queue_manager_is_given() -> None:
    problems = []
    for name, tree in modules():
        if _covers("engine", name):
            continue
        for node in ast.walk(tree):
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target]
                if isinstance(node, ast.AugAssign | ast.AnnAssign)
                else []
            )
            for target in targets:
                for one in ast.walk(target):
                    if (
                        isinstance(one, ast.Attribute)
                        and one.attr in GIVEN
                        and not (isinstance(one.value, ast.Name) and one.value.id == "self")
                    ):
                        problems.append(f"mqsc.{name}:{one.lineno}: {ast.unparse(one)} = ...")
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Attribute)
                and node.func.value.attr == "listeners"
            ):
                problems.append(f"mqsc.{name}:{node.lineno}: {ast.unparse(node.func)}(...)")
    assert not problems, "\n".join(problems)


def test_the_store_never_edits_the_engines_tables() -> None:
    """The store hands the engine rows (mqsc.engine.collaborators.Committed, or the tables a
    loaded queue manager is built with); it never writes into a queue manager's or a group's
    tables itself."""
    problems = []
    for name, tree in modules():
        if not _covers("store", name):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign | ast.AugAssign | ast.Delete):
                targets = (
                    node.targets if isinstance(node, ast.Assign | ast.Delete) else [node.target]
                )
                written = [ast.unparse(t) for t in targets]
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("pop", "clear", "update", "setdefault", "append")
            ):
                written = [ast.unparse(node.func.value)]
            else:
                continue
            for text in written:
                if ".state." in text or ".tables" in text or text.startswith("tables["):
                    problems.append(f"mqsc.{name}:{node.lineno}: writes {text}")
    assert not problems, "\n".join(problems)


#: The steps of a command's way through the engine, as docs/architecture.md draws them:
#: routing decides where it runs, results frames replies; neither runs a command.
ROUTE_STEPS = ("engine.routing", "engine.results")
RUNNERS = {"engine.manager", "engine.lifecycle", *ROUTE_STEPS}


def test_a_command_has_one_way_through_the_engine() -> None:
    """The queue manager calls routing and results in turn; they never call it (nor each
    other), so a command's route is parse -> route -> handler -> result, never a bounce."""
    problems = []
    for name, tree in modules():
        if name not in ROUTE_STEPS:
            continue
        for target in imports(tree):
            other = target[len("mqsc.") :] if target.startswith("mqsc.") else ""
            if other in RUNNERS and other != name:
                problems.append(f"mqsc.{name} imports {target}")
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("execute", "execute_parsed", "run", "iter_run", "start")
            ):
                problems.append(f"mqsc.{name}:{node.lineno}: runs {ast.unparse(node.func)}()")
    assert not problems, "\n".join(problems)


def test_the_route_drawn_is_the_code() -> None:
    """Every step the route drawing of docs/architecture.md names exists."""
    import importlib

    text = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    block = text.split("## A command's way through the engine", 1)[1].split("```", 2)[1]
    named = set(re.findall(r"\b(\w+)\.(\w+)\(", block))
    assert named, "the route names no steps"
    where = {
        "QueueManager": "mqsc.engine.manager",
        "routing": "mqsc.engine.routing",
        "results": "mqsc.engine.results",
        "lifecycle": "mqsc.engine.lifecycle",
        "language": "mqsc.language",
        "gate": "mqsc.engine.collaborators",
    }
    for owner, function in sorted(named):
        module = importlib.import_module(where[owner])
        holder = module.QueueManager if owner == "QueueManager" else module
        if owner == "gate":
            holder = module.Gate
        assert hasattr(holder, function), f"docs/architecture.md draws {owner}.{function}"


def test_the_engine_does_no_io() -> None:
    problems = []
    for name, tree in modules():
        if not _covers("engine", name):
            continue
        for node in ast.walk(tree):
            where = f"mqsc.{name}:{getattr(node, 'lineno', '?')}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                if node.func.id in ENGINE_IO_CALLS:
                    problems.append(f"{where}: {node.func.id}()")
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                if (node.value.id, node.attr) in ENGINE_IO_ATTRIBUTES:
                    problems.append(f"{where}: {node.value.id}.{node.attr}")
        for target in imports(tree):
            first = target.split(".")[0]
            if first in ENGINE_IO_MODULES and (name, first) not in ENGINE_IO_ALLOWED:
                problems.append(f"mqsc.{name} imports {target}")
    assert not problems, "\n".join(problems)


def test_front_ends_form_no_cycle() -> None:
    """The command line is the outer front end; the console, batch and serve never import
    it, and no two front ends import each other."""
    graph: dict[str, set[str]] = {f: set() for f in FRONT_ENDS}
    for name, tree in modules():
        mine = name.split(".")[0]
        if mine not in FRONT_ENDS:
            continue
        for target in imports(tree):
            theirs = target.split(".")[1] if target.startswith("mqsc.") else ""
            if theirs in FRONT_ENDS and theirs != mine:
                graph[mine].add(theirs)
    assert cycles(graph) == [], graph
    assert not any("cli" in targets for targets in graph.values()), graph


def test_the_core_never_imports_a_family() -> None:
    """Only the registry finds the family modules (by the catalog's list); a family imports
    no other family: what two share lives in the core."""
    problems = [
        f"mqsc.{name} imports {target}"
        for name, tree in modules()
        for target in imports(tree)
        if target.startswith("mqsc.engine.families.") and target != f"mqsc.{name}"
    ]
    assert not problems, "\n".join(problems)


#: Base names more than one module has, each with its one meaning: the same thing at two
#: stages (catalog, engine, render), or a subcommand's module in cli/ beside the module that
#: does its work. Any other repeated name is two meanings for one word.
SHARED_NAMES = {
    "absent": "the facilities the simulation lacks (their table; their answer)",
    "app": "a front end's application object (the console's prompt loop; the HTTP app)",
    "check": "`mqsc check` (the subcommand; the checker)",
    "config": "settings read from a TOML file (a queue manager's mqsc.toml; the console's)",
    "csqutil": "CSQUTIL (the subcommand; the program)",
    "dump": "dumping definitions as a deck (the subcommand; the program; the console's)",
    "events": "event messages (their table; writing them; `mqsc events` decoding them)",
    "hints": "did-you-mean hints (finding them; showing them)",
    "lexer": "splitting MQSC text into tokens (the fast lexer; the console's highlighter)",
    "messaging": "putting and getting MQ messages (the engine's; the messaging REST API)",
    "network": "queue managers whose channels reach each other (the package; the server's)",
    "pcf": "PCF messages (IBM's constants; encoding and decoding their bytes)",
    "plan": "`mqsc plan` (the subcommand; the planner)",
    "racf": "the simulated RACF (its tables; the package; the subcommand)",
    "smf": "SMF records (the engine package writing them; `mqsc smf` reading and dumping them)",
    "security": "the queue manager's security (its tables; its checks)",
    "serve": "`mqsc serve` (the subcommand; the package)",
    "smds": "shared message data sets (the family's table and commands; their simulation)",
    "state": "a queue manager's state (its tables; the subcommand over its database)",
    "statistics": "buffer pool and page set statistics (collected; rendered)",
    "users": "the users of `mqsc serve` (the subcommand; the user store)",
    "workload": "puts and gets in quantity (the programs; the subcommands; the summary)",
}


def _base_names() -> dict[str, list[str]]:
    names: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        base = relative.parent.name if path.name == "__init__.py" else path.stem
        if base in ("", "__main__") or relative == Path("__init__.py"):
            continue
        names.setdefault(base, []).append(str(relative))
    return names


def test_one_meaning_per_module_name() -> None:
    families = {m.__name__.rpartition(".")[2] for m in _catalog_families()}
    repeated = {
        base: paths
        for base, paths in _base_names().items()
        if len(paths) > 1 and base not in families
    }
    unexplained = {b: p for b, p in repeated.items() if b not in SHARED_NAMES}
    assert not unexplained, f"a name with two meanings (rename one, or say why): {unexplained}"
    stale = {n for n in SHARED_NAMES if len(_base_names().get(n, ())) < 2}
    assert not stale, f"no longer repeated: {stale}"
    # A family's name is its catalog module and its engine module, nothing else (unless the
    # name is listed above with the one thing all its modules are about).
    for family in families - set(SHARED_NAMES):
        assert sorted(_base_names()[family]) == [
            f"catalog/{family}.py",
            f"engine/families/{family}.py",
        ], family


#: The aliases the field writes everywhere, kept: ``dt`` (datetime), ``ET`` (the standard
#: library's ElementTree, as its documentation writes it), ``st`` (hypothesis' strategies, as
#: its documentation writes it).
CONVENTIONAL_ALIASES = {
    ("datetime", "dt"),
    ("xml.etree.ElementTree", "ET"),
    ("hypothesis.strategies", "st"),
}


def short_aliases(tree: ast.AST) -> Iterator[str]:
    """``import x as y`` / ``from p import x as y`` with a one- or two-letter ``y`` that is not
    a convention of the field: a name that says nothing (docs/architecture.md, "Names")."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            prefix = f"{node.module}." if isinstance(node, ast.ImportFrom) and node.module else ""
            for alias in node.names:
                full = prefix + alias.name
                if (
                    alias.asname
                    and len(alias.asname) <= 2
                    and (full, alias.asname) not in CONVENTIONAL_ALIASES
                ):
                    yield f"line {node.lineno}: {full} as {alias.asname}"


def test_no_short_module_aliases() -> None:
    """A module is referred to by its name: ``racf.CLASSES``, not ``R.CLASSES``."""
    root = PACKAGE.parent
    found = [
        f"{path.relative_to(root)} {hit}"
        for base in ("mqsc", "tests", "bench")
        for path in sorted((root / base).rglob("*.py"))
        for hit in short_aliases(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert not found, "refer to the module by its name:\n" + "\n".join(found)


def test_a_short_alias_is_found() -> None:
    tree = ast.parse("import datetime as dt\nfrom mqsc.catalog import racf as R\n")
    assert list(short_aliases(tree)) == ["line 2: mqsc.catalog.racf as R"]


def _catalog_families():
    from mqsc.catalog import FAMILY_MODULES

    return FAMILY_MODULES


def _drawn_tree() -> set[str]:
    """The packages the tree in docs/architecture.md draws (its ``mqsc/`` block)."""
    text = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    block = text.split("```\nmqsc/\n", 1)[1].split("```", 1)[0]
    drawn, stack = set(), []
    for line in block.splitlines():
        match = re.match(r"( *)(\w+)/\s", line + " ")
        if not match:
            continue
        depth = (len(match.group(1)) - 2) // 2
        del stack[depth:]
        stack.append(match.group(2))
        drawn.add(".".join(stack))
    return drawn


def test_the_architecture_page_draws_the_tree_as_it_is() -> None:
    packages = {
        ".".join(p.parent.relative_to(PACKAGE).parts)
        for p in PACKAGE.rglob("__init__.py")
        if p.parent != PACKAGE
    }
    assert _drawn_tree() == packages
    text = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    for path in set(re.findall(r"`(mqsc/[\w/]+\.py)`", text)):
        if "<family>" not in path:
            assert (PACKAGE.parent / path).exists(), f"docs/architecture.md names {path}"
