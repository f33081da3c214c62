// The mqsc web console: sign-in, the queues widget, the MQSC command pane, the create form
// generated from the catalog, and the storage view (docs/console-web.md).
import * as api from "./api.js";
import { rank, VirtualGrid } from "./grid.js";
import { lineChart, meter, meterWith, savePng, saveSvg } from "./chart.js";

const $ = (id) => document.getElementById(id);
const state = { user: null, qmgr: null, grid: null, history: [], at: -1, samples: [],
                timer: null, gen: 0, objectsGen: 0 };
// Figures the benchmark and the tests read (bench/console_web.py): milliseconds, measured here.
const timings = (window.mqscTimings = { openToFirstRows: null, openToAllRows: null,
                                        filterToRedraw: [],
                                        queues: 0 });
const ADMIN = "MQWebAdmin";
const canChange = () => state.user && state.user.role === ADMIN;

function show(id) {
  for (const s of ["signin", "view-queues", "view-objects", "view-storage", "view-zos"]) {
    $(s).hidden = s !== id;
  }
  $("bar").hidden = id === "signin";
}

// After the DOM is updated, the next frame is when the rows are drawn on screen.
const painted = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));

// ---- sign-in ------------------------------------------------------------------------------
async function start() {
  state.user = await api.whoami();
  const given = state.user ? null : api.urlCredentials();
  if (given && !state.triedUrl) {
    // Opened as http://user:password@host/...: sign in with those, once (a wrong password
    // shows the sign-in form with the server's reason, not a loop of failed sign-ins).
    state.triedUrl = true;
    const problem = await api.signIn(given.username, given.password);
    if (!problem) return start();
    $("user").value = given.username;
    $("signin-error").textContent = problem;
  }
  if (!state.user) { show("signin"); $("user").focus(); return; }
  if (state.user.role !== ADMIN && state.user.role !== "MQWebAdminRO") {
    // mqweb gives MQWebUser the messaging API only: no administrative view to show.
    await api.signOut();
    $("signin-error").textContent = `${state.user.name} (${state.user.role}) may not use ` +
                                    "the administrative console: MQWebAdmin or MQWebAdminRO";
    state.user = null;
    show("signin");
    return;
  }
  $("who").textContent = `${state.user.name} (${state.user.role})`;
  for (const b of document.querySelectorAll(".change")) b.hidden = !canChange();
  const level = await api.installation();
  // The level comes from the REST API's installation resource, which reads the one emulated
  // level (mqsc/catalog/product.py) that DISPLAY QMGR CMDLEVEL and CSQY000I report too.
  $("level").textContent = level ? `IBM MQ for z/OS ${level.version} ` +
                                   `(CMDLEVEL ${level.maximumCommandLevel})` : "";
  const qmgrs = await api.qmgrs();
  $("qmgr").replaceChildren(...qmgrs.map((q) => new Option(q.name, q.name)));
  state.qmgr = state.qmgr || (qmgrs.find((q) => q.name === "QMZ1") || qmgrs[0] || {}).name;
  $("qmgr").value = state.qmgr;
  route();
}

$("signin-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("signin-error").textContent = "";
  const problem = await api.signIn($("user").value, $("password").value);
  $("password").value = "";
  if (problem) { $("signin-error").textContent = problem; return; }
  start();
});

$("signout").addEventListener("click", async () => {
  await api.signOut();
  state.user = null;
  stopSampling();
  show("signin");
});

$("qmgr").addEventListener("change", () => {
  state.qmgr = $("qmgr").value;
  state.samples = [];
  if (state.grid) state.grid.setRows([]);
  // A form open on the other queue manager's object would send its ALTER here.
  closeForm("create");
  route();
});

// ---- routing ------------------------------------------------------------------------------
// #queues, #objects/{type} (the channels, topics, subscriptions and listeners widgets are the
// objects widget on that type), #zos, #storage.
function routeNav(hash) {
  for (const a of document.querySelectorAll("#bar nav a")) {
    a.classList.toggle("active", a.getAttribute("href") === hash ||
      (a.id === "nav-objects" && hash.startsWith("#objects") &&
       ![...document.querySelectorAll("#bar nav a")].some((b) => b.getAttribute("href") === hash)));
  }
}

function route() {
  if (!state.user) return;
  const hash = location.hash || "#queues";
  const [view, type] = hash.slice(1).split("/");
  routeNav(hash);
  stopSampling();
  // An open form belongs to the view it was opened in: leaving it closes the form.
  closeForm("object");
  if (view === "storage") { show("view-storage"); sample(); }
  else if (view === "zos") { show("view-zos"); openZos(); }
  else if (view === "objects") { show("view-objects"); openObjects(type); }
  else { routeNav("#queues"); show("view-queues"); openQueues(); }
}
window.addEventListener("hashchange", route);

// ---- the queues widget --------------------------------------------------------------------
const COLUMNS = [
  { key: "queue", title: "Queue", width: "22em" },
  { key: "type", title: "Type", width: "6em" },
  { key: "curdepth", title: "Depth", width: "6em", numeric: true },
  { key: "maxdepth", title: "Max depth", width: "8em", numeric: true },
  { key: "stgclass", title: "Stgclass", width: "7em" },
  { key: "qsgdisp", title: "QSGDISP", width: "7em" },
  { key: "descr", title: "Description", fill: true },
];

// The RACF profiles that protect a queue (read only, every role): the one RACF uses first,
// the others that also cover it, their access lists, and what the queue manager holds.
function profilesButton(row) {
  const b = document.createElement("button");
  b.className = "act profiles";
  b.type = "button";
  b.title = `Security profiles of ${row.queue}`;
  b.textContent = "🔒";
  b.addEventListener("click", () => openProfiles(row.queue));
  return b;
}

async function openProfiles(queue) {
  const a = await api.profiles(state.qmgr, queue);
  $("profiles-panel").hidden = false;
  $("profiles-queue").textContent = queue;
  const box = $("profiles-table");
  box.textContent = "";
  if (a.status !== 200) {
    $("profiles-note").textContent = api.errorText(a);
    return;
  }
  const p = a.json;
  const checks = !p.subsystem ? "subsystem security is off: no queue checks"
    : !p.queueChecks ? "queue security is off (a NO.QUEUE.CHECKS switch profile)"
    : "queue security is on";
  const held = p.inStorage === null ? "the queue manager has not checked it yet"
    : p.inStorage === "" ? "the queue manager holds: no profile (REFRESH SECURITY to see new ones)"
    : `the queue manager holds ${p.inStorage} (REFRESH SECURITY(${p.class}) after a change)`;
  $("profiles-note").textContent = `${p.class}: ${checks}; ${held}.`;
  if (!p.profiles.length) {
    box.append(h("p", "", "No profile covers this queue: a check fails (PROFILE NOT FOUND)."));
    return;
  }
  box.append(table(["Profile", "UACC", "Warning", "Access list"], p.profiles.map((x) => ({
    cells: [`${x.name}${x.generic ? " (G)" : ""}${x.used ? " ← used" : ""}`, x.uacc,
            x.warning ? "YES" : "NO",
            x.accessList.map((e) => `${e.id} ${e.access}`).join(", ") || "none"],
  })), { profile: (r) => r.cells[0] }));
}

$("profiles-close").addEventListener("click", () => { $("profiles-panel").hidden = true; });

function deleteButton(row) {
  if (!canChange()) return [profilesButton(row)];
  const edit = document.createElement("button");
  edit.className = "del change edit";
  edit.type = "button";
  edit.title = `Alter ${row.queue}`;
  edit.textContent = "✎";
  edit.addEventListener("click", async () => {
    if (await mayChange(row.queue, "alter")) openAlter(row);
  });
  const b = document.createElement("button");
  b.className = "del change";
  b.type = "button";
  b.title = `Delete ${row.queue}`;
  b.textContent = "✕";
  b.addEventListener("click", async () => {
    const command = `DELETE ${row.type}(${row.queue})${dispText(row)}`;
    if (!await mayChange(row.queue, "delete", command)) return;
    const a = await api.runJSON(state.qmgr, { command: "delete",
                                              qualifier: row.type.toLowerCase(),
                                              name: row.queue, parameters: disp(row) });
    showReply(command, a);
    loadQueues();
  });
  return [profilesButton(row), edit, b];
}

// Opening draws the first rows from one window of the list (the server sorts and cuts it),
// then fetches the whole list with runCommandJSON, which filter, sort and scroll then use
// without asking the server again.
async function openQueues() {
  const opened = performance.now();
  if (!state.grid) {
    state.grid = new VirtualGrid($("grid"), COLUMNS, { actions: deleteButton });
  }
  const first = await api.queuesWindow(state.qmgr, "*", 0, 100);
  if (first.status === 200 && !state.grid.all.length) {
    state.grid.setRows(first.json.queues);
    state.grid.setFilter($("filter").value);
    $("count").textContent = `first ${first.json.queues.length} of ${first.json.total}, ` +
                             "loading the rest...";
    await painted();
    timings.openToFirstRows = performance.now() - opened;
  }
  await loadQueues();
  await painted();
  if (timings.openToFirstRows === null) timings.openToFirstRows = performance.now() - opened;
  timings.openToAllRows = performance.now() - opened;
}

async function loadQueues() {
  if (!state.grid.all.length) $("count").textContent = "loading...";
  const a = await api.runJSON(state.qmgr, {
    command: "display", qualifier: "queue", name: "*", parameters: { qsgdisp: "ALL" },
    responseParameters: ["curdepth", "maxdepth", "stgclass", "descr"] });
  const rows = a.status === 200
    ? a.json.commandResponse.filter((r) => r.parameters).map((r) => r.parameters) : [];
  timings.queues = rows.length;
  state.grid.setRows(rows);
  state.grid.setFilter($("filter").value);
  $("count").textContent = a.status === 200 ? `${state.grid.view.length} of ${rows.length}`
                                            : api.errorText(a);
}

$("filter").addEventListener("input", async () => {
  const t = performance.now();
  state.grid.setFilter($("filter").value);
  $("count").textContent = `${state.grid.view.length} of ${state.grid.all.length}`;
  await painted();
  timings.filterToRedraw.push(performance.now() - t);
});
$("refresh").addEventListener("click", loadQueues);

// ---- the create and alter forms, generated from the catalog ---------------------------------
// Two forms share this code: the queues widget's ("create": #create-form, #create-name...) and
// the objects widget's ("object": #object-form...), each with the spec it shows, the object it
// alters (null: a new one) and what to refresh after a change.
const forms = new Map(); // "type/verb" -> the catalog's form
const editing = {
  create: { spec: null, row: null, after: () => loadQueues() },
  object: { spec: null, row: null, after: () => loadObjects() },
};

function closeForm(prefix) {
  $(`${prefix}-panel`).hidden = true;
  editing[prefix].spec = null;
  editing[prefix].row = null;
}

// In a queue sharing group an object is one of several of its name (QSGDISP QMGR, COPY,
// SHARED, GROUP): DISPLAY lists them all with QSGDISP(ALL) (DISPLAY's default, LIVE, leaves
// out the GROUP objects), and ALTER and DELETE name the row's disposition, else z/OS takes
// QSGDISP(QMGR) and answers CSQM125I (IBM MQ for z/OS, "ALTER QLOCAL", "DELETE QLOCAL").
const disp = (row) => (row && row.qsgdisp ? { qsgdisp: row.qsgdisp } : {});
const dispText = (row) => (row && row.qsgdisp ? ` QSGDISP(${row.qsgdisp})` : "");

async function fetchForm(prefix, type, verb = "define") {
  const key = `${type}/${verb}`;
  if (!forms.has(key)) {
    const a = await api.form(type, verb);
    if (a.status !== 200) { $(`${prefix}-form`).textContent = api.errorText(a); return null; }
    forms.set(key, a.json);
  }
  return forms.get(key);
}

async function loadForm(type, verb = "define") {
  const spec = await fetchForm("create", type, verb);
  if (!spec) return false;
  const select = $("create-type");
  if (verb === "define" && select.options.length < spec.types.length) {
    select.replaceChildren(...spec.types.map((t) => new Option(t.toUpperCase(), t)));
    select.value = type;
  }
  editing.create.spec = spec;
  return true;
}

async function openCreate() {
  const panel = $("create-panel");
  panel.hidden = !panel.hidden || editing.create.row !== null;
  editing.create.row = null;
  $("create-type").hidden = false;
  $("form-title").textContent = "Create a queue";
  if (!panel.hidden && await loadForm($("create-type").value)) {
    buildForm("create", editing.create.spec, null);
  }
}
$("create").addEventListener("click", openCreate);
$("create-type").addEventListener("change", async () => {
  if (await loadForm($("create-type").value)) buildForm("create", editing.create.spec, null);
});

// ALTER: the form of the row's type, filled with the object's attributes as DISPLAY ... ALL
// shows them; only what is changed is sent.
async function currentValues(type, name, qsgdisp, say = showReply) {
  const row = qsgdisp ? { qsgdisp } : null;
  const shown = await api.runJSON(state.qmgr, { command: "display", qualifier: type, name,
                                                parameters: disp(row),
                                                responseParameters: ["all"] });
  const found = shown.status === 200 && shown.json.commandResponse[0].parameters;
  if (!found) say(`DISPLAY ${type.toUpperCase()}(${name})${dispText(row)} ALL`, shown);
  return found || null;
}

async function openAlter(row) {
  const type = row.type.toLowerCase();
  const found = await currentValues(type, row.queue, row.qsgdisp);
  if (!found || !await loadForm(type, "alter")) return;
  editing.create.row = { name: row.queue, values: found, qsgdisp: row.qsgdisp };
  $("create-panel").hidden = false;
  $("create-type").hidden = true;
  $("form-title").textContent = `Alter ${row.type}${dispText(row)}`;
  buildForm("create", editing.create.spec, editing.create.row);
}

function input(field, row) {
  let e;
  if (field.type === "choice") {
    e = document.createElement("select");
    // Blank is "the default" for DEFINE; ALTER has no such value (an empty keyword is a
    // syntax error, MQSC010E), so an altered object's choice offers its values only.
    const now = row ? initial(field, row) : "";
    if (!now) e.append(new Option("", ""));
    for (const v of field.values) e.append(new Option(v, v));
    // A value DISPLAY answers that the list does not name stays what it is (not a change).
    if (now && !field.values.includes(now)) e.append(new Option(now, now));
  } else if (field.type === "flag") {
    e = document.createElement("input");
    e.type = "checkbox";
  } else {
    e = document.createElement("input");
    if (field.type === "integer") {
      e.type = "number";
      e.min = field.min;
      e.max = field.max;
    } else if (field.type === "list") {
      e.placeholder = "NAME1, NAME2";
    } else if (field.maxLength) e.maxLength = field.maxLength;
  }
  e.name = field.name;
  if (field.default !== undefined && field.type !== "flag" && field.type !== "list") {
    e.placeholder = String(field.default);
  }
  return e;
}

// What a field starts as: the object's value when altering; for a new object a flag starts at
// its default (SHARE is on unless NOSHARE is given) and the rest blank (the default applies).
function initial(field, row) {
  if (row) {
    const v = row.values[field.name.toLowerCase()];
    if (field.type === "flag") return v === true;
    if (Array.isArray(v)) return v.join(", ");
    return v === undefined || v === null ? "" : String(v);
  }
  return field.type === "flag" ? field.default === true : "";
}

const NOT_IN_FORMS = ["QSGDISP", "LIKE", "REPLACE", "NOREPLACE", "CMDSCOPE", "FORCE"];

// A family typed by a keyword (CHANNEL by CHLTYPE, AUTHINFO by AUTHTYPE): only the fields of
// the chosen type's syntax diagram are shown (and sent), those it must name are marked.
function showTyped(f, spec) {
  if (!spec.typed) return;
  const kind = f.elements.namedItem(spec.typed.keyword).value;
  const needed = spec.typed.required[kind] || [];
  for (const label of f.querySelectorAll("label[data-field]")) {
    const applies = spec.typed.applies[label.dataset.field];
    label.hidden = applies !== undefined && !applies.includes(kind);
    label.classList.toggle("required", needed.includes(label.dataset.field));
  }
}

function buildForm(prefix, spec, row) {
  const f = $(`${prefix}-form`);
  f.replaceChildren();
  const name = document.createElement("label");
  const nameInput = document.createElement("input");
  nameInput.name = "__name";
  nameInput.required = true;
  nameInput.maxLength = spec.name.maxLength;
  nameInput.id = `${prefix}-name`;
  if (row) { nameInput.value = row.name; nameInput.readOnly = true; }
  name.append("Name", nameInput);
  const actions = document.createElement("div");
  actions.className = "actions";
  const ok = document.createElement("button");
  ok.type = "submit";
  ok.id = `${prefix}-submit`;
  ok.textContent = row ? "Alter" : "Define";
  actions.append(ok);
  const out = document.createElement("pre");
  out.id = `${prefix}-reply`;
  const note = h("p", "muted", row
    ? "Only the attributes you change are sent, as ALTER takes them."
    : "Attributes left blank get the queue manager's default (shown greyed), as DEFINE does.");
  f.append(name, actions, out, note);
  // The type keyword first: it decides which of the other fields there are.
  const typeKeyword = spec.typed ? spec.typed.keyword : null;
  const fields = [...spec.fields].sort((a, b) =>
    (b.name === typeKeyword) - (a.name === typeKeyword));
  for (const field of fields) {
    if (NOT_IN_FORMS.includes(field.name)) continue;
    const label = document.createElement("label");
    label.dataset.field = field.name;
    const e = input(field, row);
    const start = initial(field, row);
    if (field.type === "flag") e.checked = start; else e.value = start;
    // The type of an existing object cannot change (MQSC550E): shown, sent, not editable.
    if (row && field.name === typeKeyword) e.disabled = true;
    if (field.name === typeKeyword) e.addEventListener("change", () => showTyped(f, spec));
    label.append(field.name, e);
    const hint = document.createElement("small");
    hint.textContent = `${field.help ? field.help + "; " : ""}${field.describe}` +
      (field.default !== undefined && field.default !== "" ? `; default ${field.default}` : "");
    label.append(hint);
    f.append(label);
  }
  showTyped(f, spec);
}

// What a field sends. An emptied field of an object being altered: a text or a name is
// cleared with a blank (DESCR(' '), as ALTER clears a string), a list with an empty one
// (NAMES()); a number or a word has no empty value, so nothing is sent (an empty keyword,
// `ALTER QLOCAL(A) MAXDEPTH`, is a syntax error, MQSC010E).
function sent(field, value) {
  if (value === "") {
    if (field.type === "list") return [];
    if (field.type === "name" || (field.type === "text" && !field.words)) return " ";
    return undefined;
  }
  if (field.type === "integer") return Number(value);
  if (field.type === "list") return value.split(",").map((x) => x.trim()).filter(Boolean);
  return value;
}

/** The reply lines of an answer, each marked bad when its reply set failed (but for the
 * CSQN205I count: MQSC595E is an I message, yet it is the reason of the CSQ9023E), and
 * whether the command failed. */
function replyLines(a) {
  if (a.status !== 200) return { lines: [{ text: api.errorText(a), bad: true }], failed: true };
  const lines = a.json.commandResponse.flatMap((set) => (set.text || set.message || []).map(
    (text) => ({ text, bad: set.completionCode !== 0 && !text.startsWith("CSQN205I") })));
  return { lines, failed: a.json.overallCompletionCode !== 0 };
}

async function submitForm(prefix) {
  const f = $(`${prefix}-form`);
  const { spec, row, after } = editing[prefix];
  const parameters = {};
  for (const field of spec.fields) {
    const e = f.elements.namedItem(field.name);
    if (!e || e.closest("label").hidden) continue;
    const start = initial(field, row);
    // What the command must name (ALTER CHANNEL: CHLTYPE) is sent even when unchanged.
    const named = spec.required.includes(field.name) && e.value !== "";
    if (field.type === "flag") {
      if (e.checked !== start) {
        if (e.checked) parameters[field.name.toLowerCase()] = true;
        else if (field.negation) parameters[field.negation.toLowerCase()] = true;
      }
    } else if (named || (e.value !== start && (e.value !== "" || row))) {
      const value = sent(field, e.value);
      if (value !== undefined) parameters[field.name.toLowerCase()] = value;
    }
  }
  if (row && row.qsgdisp) parameters.qsgdisp = row.qsgdisp;
  const name = f.elements.namedItem("__name").value.trim();
  const a = await api.runJSON(state.qmgr, { command: spec.command, qualifier: spec.qualifier,
                                            name, parameters });
  const { lines, failed } = replyLines(a);
  $(`${prefix}-reply`).textContent =
    `${spec.command.toUpperCase()} ${spec.qualifier.toUpperCase()}(${name})${dispText(row)}\n` +
    lines.map((l) => l.text).join("\n");
  $(`${prefix}-reply`).className = failed ? "error" : "";
  if (!failed) after();
}

for (const prefix of Object.keys(editing)) {
  $(`${prefix}-form`).addEventListener("submit", (event) => {
    event.preventDefault();
    submitForm(prefix);
  });
}

// ---- the MQSC command pane ----------------------------------------------------------------
function showReply(command, a) {
  const pre = $("reply");
  pre.replaceChildren();
  const echo = document.createElement("div");
  echo.textContent = command;
  pre.append(echo);
  for (const { text, bad } of replyLines(a).lines) {
    const line = document.createElement("div");
    line.textContent = text;
    if (bad) line.className = "bad";
    pre.append(line);
  }
}

$("command-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const command = $("command").value.trim();
  if (!command) return;
  state.history.push(command);
  state.at = state.history.length;
  const a = await api.runCommand(state.qmgr, command);
  showReply(command, a);
  if ($("command").value.trim() === command) $("command").value = "";
  const changed = a.status === 200 && a.json.overallCompletionCode === 0;
  if (changed && /^\s*(DEF|DEFINE|DELETE|DEL|ALTER|ALT)\b/i.test(command)) loadQueues();
});

// Completion from the catalog (/ibmmq/console/api/words): the verb, then its object types,
// then the command's keywords, as the interactive console completes them.
let catalogWords = null;

/** What the word being typed may become: [candidates, the word, where it starts]. */
function candidates(text, words) {
  const start = Math.max(text.lastIndexOf(" "), text.lastIndexOf(")")) + 1;
  const word = text.slice(start).toUpperCase();
  const before = text.slice(0, start).trim().split(/\s+/).filter(Boolean);
  if (/[(']/.test(word)) return [[], word, start];
  const verb = before.length ? words.verbs[before[0].toUpperCase()] : null;
  let pool;
  // Canonical names are offered; synonyms (DIS, QL) are understood when typed.
  if (before.length === 0) pool = [...new Set(Object.values(words.verbs))];
  else if (before.length === 1 && verb) {
    pool = [...new Set(Object.values(words.objects))].filter((o) =>
      `${verb} ${o}` in words.commands);
  } else {
    const object = words.objects[(before[1] || "").replace(/\(.*$/, "").toUpperCase()];
    const command = verb && object && words.commands[`${verb} ${object}`];
    pool = command ? Object.keys(command.keywords).map((k) =>
      command.keywords[k] ? `${k}(` : k) : [];
  }
  return [pool.filter((w) => w.startsWith(word)).sort(), word, start];
}

async function complete() {
  if (!await catalog()) { $("completions").textContent = "no catalog words"; return; }
  const input = $("command");
  const text = input.value.slice(0, input.selectionStart);
  const [found, word, start] = candidates(text, catalogWords);
  if (found.length === 0) { $("completions").textContent = "(nothing to complete)"; return; }
  let common = found[0];
  for (const f of found) while (!f.startsWith(common)) common = common.slice(0, -1);
  let insert = common.length > word.length ? common : word;
  if (found.length === 1 && !insert.endsWith("(")) insert += " ";
  input.value = text.slice(0, start) + insert + input.value.slice(input.selectionStart);
  const at = start + insert.length;
  input.setSelectionRange(at, at);
  $("completions").textContent = found.length > 1 ? found.slice(0, 40).join("  ") +
    (found.length > 40 ? `  ... (${found.length})` : "") : "";
}

$("command").addEventListener("keydown", (event) => {
  if (event.key === "Tab") { event.preventDefault(); complete(); return; }
  if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
  event.preventDefault();
  state.at = Math.max(0, Math.min(state.history.length,
                                  state.at + (event.key === "ArrowUp" ? -1 : 1)));
  $("command").value = state.history[state.at] || "";
});

// ---- asking before a change ----------------------------------------------------------------
/** What a SYSTEM.* object is for, from the catalog's table (/ibmmq/console/api/words'
 * systemRoles: the longest pattern that covers the name), or null for any other name. */
function systemRole(words, name) {
  const upper = name.toUpperCase();
  if (!upper.startsWith("SYSTEM.")) return null;
  let best = null;
  for (const [pattern, role] of words.systemRoles) {
    const star = pattern.indexOf("*");
    const [head, tail] = star < 0 ? [pattern, null] : [pattern.slice(0, star),
                                                       pattern.slice(star + 1)];
    const hit = tail === null ? upper === head
      : upper.length >= head.length + tail.length && upper.startsWith(head) &&
        upper.endsWith(tail);
    const weight = head.length + (tail || "").length;
    if (hit && (!best || weight > best.weight)) best = { role, weight };
  }
  return best ? best.role : words.anySystem;
}

/** Whether to go on with an alter or a delete: a SYSTEM.* object is asked about in a dialog
 * that says what the object is for; a delete of any other object with the browser's confirm. */
async function mayChange(name, verb, command = "") {
  const words = await catalog();
  const role = words ? systemRole(words, name) : null;
  if (role === null) return verb === "alter" || confirm(`${command}?`);
  const dialog = $("ask");
  $("ask-title").textContent = verb === "delete" ? `Delete ${name}?` : `Alter ${name}?`;
  $("ask-text").textContent = `${name} is ${role}.`;
  $("ask-go").textContent = verb === "delete" ? "Delete it" : "Alter it";
  dialog.returnValue = "";
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "go"), { once: true });
    dialog.showModal();
    $("ask-cancel").focus();
  });
}

// ---- the objects widgets: channels with status, topics, subscriptions, listeners, any type ---
async function catalog() {
  if (!catalogWords) {
    const a = await api.words();
    if (a.status !== 200) return null;
    catalogWords = a.json;
  }
  return catalogWords;
}

// Listeners are not objects on z/OS (no DEFINE LISTENER, no DISPLAY LSSTATUS): the widget
// lists the channel initiator's, from DISPLAY CHINIT (/ibmmq/console/api/qmgr/{q}/listeners).
const LISTENER = "listener";
// The columns a widget starts with before any are picked: the MQ Console's for channels (name,
// type, status first), else the name, its type and disposition, then the catalog's order.
const DEFAULT_COLUMNS = {
  channel: ["channel", "chltype", "status", "trptype", "conname", "xmitq", "qsgdisp", "descr"],
  topic: ["topic", "topicstr", "type", "qsgdisp", "pub", "sub", "durable", "descr"],
  sub: ["sub", "topicstr", "topicobj", "dest", "destqmgr", "subtype", "durable", "expiry"],
  listener: ["listener", "status", "trptype", "port", "address", "indisp"],
  // The cluster queue managers and cluster queues this queue manager's repository knows
  // (DISPLAY CLUSQMGR, DISPLAY QCLUSTER; docs/clusters.md).
  clusqmgr: ["clusqmgr", "cluster", "qmtype", "status", "suspend", "deftype", "channel",
             "conname", "clusdate", "clustime"],
  qcluster: ["queue", "clusqmgr", "cluster", "clusqt", "defbind", "put", "clusdate",
             "clustime"],
};
const TITLES = { channel: "Channels", topic: "Topics", sub: "Subscriptions",
                 listener: "Listeners", clusqmgr: "Cluster queue managers",
                 qcluster: "Cluster queues" };
const STATUS_ORDER = ["RUNNING", "RETRYING", "STOPPED", "STARTING", "BINDING", "INITIALIZING",
                      "PAUSED", "REQUESTING", "STOPPING", "SWITCHING", "DISCONNECTED",
                      "INACTIVE"];
const statusRank = (s) => rank(STATUS_ORDER, s);
const columnsKey = (type) => `mqsc.console.columns.${type}`;

function pickedColumns(type, keys) {
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(columnsKey(type))); } catch { saved = null; }
  const wanted = Array.isArray(saved) && saved.length ? saved
    : (DEFAULT_COLUMNS[type] || keys.slice(0, 9));
  const shown = wanted.filter((k) => keys.includes(k));
  // The name always shows: it is the row's key.
  return shown.includes(keys[0]) ? shown : [keys[0], ...shown];
}

async function openObjects(type) {
  const words = await catalog();
  if (!words) return;
  const select = $("object-type");
  if (!select.options.length) {
    select.replaceChildren(...words.displayable.map((t) => new Option(t, t.toLowerCase())),
                           new Option("LISTENER", LISTENER));
    select.value = words.displayable.includes("CHANNEL") ? "channel" : select.options[0].value;
  }
  if (type && [...select.options].some((o) => o.value === type)) select.value = type;
  await loadObjects();
}

const hasDisp = (type) => catalogWords &&
  "QSGDISP" in ((catalogWords.commands[`DISPLAY ${type.toUpperCase()}`] || {}).keywords || {});

const hasForm = (type) => catalogWords && `DEFINE ${type.toUpperCase()}` in
  catalogWords.commands;

// A channel's status beside it, as the MQ Console's channel widget has it: from DISPLAY
// CHSTATUS (runCommandJSON), the most telling of its instances; a channel with no status entry
// is INACTIVE, "no connections are active" (IBM MQ for z/OS, "Displaying channel status"). With the channel
// initiator stopped DISPLAY CHSTATUS is refused (CSQM131I): every channel is INACTIVE and the
// widget says why.
async function channelStatus() {
  const a = await api.runJSON(state.qmgr, { command: "display", qualifier: "chstatus",
                                            name: "*", responseParameters: ["status"] });
  const status = new Map();
  let note = "";
  if (a.status === 200) {
    for (const r of a.json.commandResponse) {
      const p = r.parameters;
      if (p) {
        const name = p.chstatus || p.channel;
        const was = status.get(name);
        if (!was || statusRank(p.status) < statusRank(was)) {
          status.set(name, p.status);
        }
      } else if ((r.message || []).some((m) => m.startsWith("CSQM131I"))) {
        note = "channel initiator not active (CSQM131I): no channel is running";
      }
    }
  } else note = api.errorText(a);
  return { status, note };
}

async function fetchObjects(type) {
  if (type === LISTENER) {
    const a = await api.listeners(state.qmgr);
    if (a.status !== 200) return { rows: [], note: api.errorText(a) };
    return { rows: a.json.listeners,
             note: a.json.chinit === "ACTIVE" ? "" : "channel initiator not active" };
  }
  const a = await api.runJSON(state.qmgr, { command: "display", qualifier: type, name: "*",
                                            parameters: hasDisp(type) ? { qsgdisp: "ALL" } : {},
                                            responseParameters: ["all"] });
  if (a.status !== 200) return { rows: [], note: api.errorText(a) };
  const rows = a.json.commandResponse.filter((r) => r.parameters).map((r) => r.parameters);
  if (type !== "channel") {
    // The clusters are the channel initiator's repository manager's: without it, CSQM131I.
    const refused = a.json.commandResponse.some(
      (r) => (r.message || []).some((m) => m.startsWith("CSQM131I")));
    return { rows, note: refused ? "channel initiator not active (CSQM131I)" : "" };
  }
  const { status, note } = await channelStatus();
  // STATUS after the type, where the MQ Console has it.
  const withStatus = rows.map((r) => {
    const { channel, chltype, ...rest } = r;
    return { channel, chltype, status: status.get(channel) || "INACTIVE", ...rest };
  });
  return { rows: withStatus, note };
}

function objectActions(type, key) {
  if (!canChange() || !hasForm(type)) return null;
  return (row) => {
    const edit = h("button", "del change edit", "✎");
    edit.type = "button";
    edit.title = `Alter ${row[key]}`;
    edit.addEventListener("click", async () => {
      if (await mayChange(row[key], "alter")) openObjectForm(type, row[key], row.qsgdisp);
    });
    const del = h("button", "del change", "✕");
    del.type = "button";
    del.title = `Delete ${row[key]}`;
    del.addEventListener("click", async () => {
      const command = `DELETE ${type.toUpperCase()}(${row[key]})${dispText(row)}`;
      if (!await mayChange(row[key], "delete", command)) return;
      const a = await api.runJSON(state.qmgr, { command: "delete", qualifier: type,
                                                name: row[key], parameters: disp(row) });
      showObjectReply(command, a);
      loadObjects();
    });
    return [edit, del];
  };
}

function showObjectReply(command, a) {
  const pre = $("object-action-reply");
  const { lines, failed } = replyLines(a);
  pre.textContent = [command, ...lines.map((l) => l.text)].join("\n");
  pre.className = failed ? "reply error" : "reply";
  pre.hidden = false;
}

async function loadObjects() {
  const type = $("object-type").value;
  const gen = ++state.objectsGen;
  $("object-count").textContent = "loading...";
  const { rows, note } = await fetchObjects(type);
  if (gen !== state.objectsGen) return;
  state.objectRows = { type, rows, note };
  drawObjects();
}

// The grid of the rows held (a column picked or reset redraws them, asking nothing again).
function drawObjects() {
  const { type, rows, note } = state.objectRows;
  // Every attribute DISPLAY answered, in the order it answered them (the name first).
  const seen = new Set();
  for (const r of rows) for (const k in r) seen.add(k);
  const keys = [...seen];
  if (!keys.length) keys.push(...(DEFAULT_COLUMNS[type] || [type]));
  const key = keys[0];
  const shown = pickedColumns(type, keys);
  const columns = shown.map((k, i) => ({
    key: k, title: k.toUpperCase(), width: i === 0 ? "18em" : "9em",
    classOf: k === "status" ? (v) => String(v || "").toLowerCase() : undefined }));
  state.objects = new VirtualGrid($("object-grid"), columns,
                                  { key, actions: objectActions(type, key) });
  state.objects.setRows(rows);
  state.objects.setFilter($("object-filter").value);
  $("object-create").hidden = !canChange() || !hasForm(type);
  $("object-title").textContent = TITLES[type] || `Objects: ${type.toUpperCase()}`;
  drawPicker(type, keys, shown);
  $("object-count").textContent = `${state.objects.view.length} of ${rows.length}` +
    (note ? ` · ${note}` : "");
}

// Column picking: which attributes show, remembered per object type in localStorage.
function drawPicker(type, keys, shown) {
  const box = $("column-picker");
  box.replaceChildren();
  for (const k of keys) {
    const label = h("label", "pick");
    const c = document.createElement("input");
    c.type = "checkbox";
    c.value = k;
    c.checked = shown.includes(k);
    c.disabled = k === keys[0];
    c.addEventListener("change", () => {
      const picked = [...box.querySelectorAll("input:checked")].map((x) => x.value);
      localStorage.setItem(columnsKey(type), JSON.stringify(picked));
      drawObjects();
    });
    label.append(c, k.toUpperCase());
    box.append(label);
  }
  const reset = h("button", "plain", "Default columns");
  reset.type = "button";
  reset.addEventListener("click", () => {
    localStorage.removeItem(columnsKey(type));
    drawObjects();
  });
  box.append(reset);
}

$("object-columns").addEventListener("click", () => {
  $("column-picker").hidden = !$("column-picker").hidden;
});
$("object-type").addEventListener("change", () => {
  closeForm("object");
  history.replaceState(null, "", `#objects/${$("object-type").value}`);
  routeNav(`#objects/${$("object-type").value}`);
  loadObjects();
});
$("object-refresh").addEventListener("click", loadObjects);
$("object-filter").addEventListener("input", () => {
  if (!state.objects) return;
  state.objects.setFilter($("object-filter").value);
  $("object-count").textContent = `${state.objects.view.length} of ${state.objects.all.length}`;
});

// The create / alter form of any object type the catalog defines, in the objects widget.
async function openObjectForm(type, name = null, qsgdisp = undefined) {
  const values = name === null ? null
    : await currentValues(type, name, qsgdisp, showObjectReply);
  if (name !== null && !values) return;
  const spec = await fetchForm("object", type, name === null ? "define" : "alter");
  if (!spec) return;
  editing.object.spec = spec;
  editing.object.row = name === null ? null : { name, values, qsgdisp };
  $("object-panel").hidden = false;
  $("object-form-title").textContent =
    `${name === null ? "Create" : "Alter"} ${type.toUpperCase()}${name ? ` ${name}` : ""}` +
    dispText(editing.object.row);
  buildForm("object", spec, editing.object.row);
}
$("object-create").addEventListener("click", () => {
  const panel = $("object-panel");
  if (!panel.hidden && editing.object.row === null) { panel.hidden = true; return; }
  openObjectForm($("object-type").value);
});
$("object-close").addEventListener("click", () => closeForm("object"));

// ---- the storage view ---------------------------------------------------------------------

function h(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

function drawDiagram(s) {
  const root = $("diagram");
  root.replaceChildren();
  for (const pool of s.bufferPools) {
    const box = h("div", "pool");
    box.dataset.pool = pool.bufferPoolId;
    box.append(h("h3", "", `Buffer pool ${pool.bufferPoolId}`),
               h("div", "muted", `${pool.pageClass}, LOCATION ${pool.bufferPoolLocation}`),
               h("div", "", `stealable ${pool.freeBuffers} of ${pool.totalBuffers} ` +
                            `(${pool.freeBuffersPercentage}%)`),
               meter(pool.freeBuffers / pool.totalBuffers));
    for (const ps of s.pageSets.filter((p) => p.bufferPoolId === pool.bufferPoolId)) {
      const used = ps.totalPages - ps.unusedPages;
      const card = h("div", "pageset");
      card.dataset.psid = ps.pageSetId;
      card.append(h("h4", "", `Page set ${String(ps.pageSetId).padStart(2, "0")}`),
                  h("div", "", `${used} of ${ps.totalPages} pages used ` +
                               `(persistent ${ps.persistentDataPages}, ` +
                               `non-persistent ${ps.nonPersistentDataPages})`),
                  meter(used / ps.totalPages));
      if (ps.expandCount) card.append(h("div", "muted", `${ps.expandCount} expansions`));
      for (const sc of s.storageClasses.filter((c) => c.psid === ps.pageSetId)) {
        const tag = h("span", "stgclass", `${sc.name} · ${sc.queues} q`);
        tag.title = sc.descr;
        card.append(tag);
      }
      box.append(card);
    }
    root.append(box);
  }
}

function drawCharts() {
  const psSeries = new Map(), bpSeries = new Map();
  for (const { t, s } of state.samples) {
    for (const ps of s.pageSets) {
      const used = ps.totalPages - ps.unusedPages;
      if (!psSeries.has(ps.pageSetId)) psSeries.set(ps.pageSetId, []);
      psSeries.get(ps.pageSetId).push([t, used]);
    }
    for (const bp of s.bufferPools) {
      if (!bpSeries.has(bp.bufferPoolId)) bpSeries.set(bp.bufferPoolId, []);
      bpSeries.get(bp.bufferPoolId).push([t, bp.freeBuffersPercentage]);
    }
  }
  // Only what is in use or moving: fifteen flat lines at zero say nothing.
  const moving = (points) => points.some((p) => p[1] !== points[0][1]);
  const pages = [...psSeries].filter(([, p]) => p[p.length - 1][1] > 0 || moving(p))
    .map(([id, points]) => ({ name: `PS${String(id).padStart(2, "0")}`, points }));
  // A pool is charted when one of its page sets holds pages, or its figure moves.
  const latest = state.samples[state.samples.length - 1].s;
  const holding = new Set(latest.pageSets.filter((p) => p.unusedPages < p.totalPages)
    .map((p) => p.bufferPoolId));
  const pools = [...bpSeries].filter(([id, p]) => holding.has(id) || moving(p))
    .map(([id, points]) => ({ name: `BP${id}`, points }));
  // Each chart's title and text alternative (its figures) come from its card's heading.
  lineChart($("chart-pages"), pages, { title: "Page set used pages" });
  lineChart($("chart-pools"), pools, { unit: "%", title: "Stealable buffers" });
  lineChart($("chart-writes"), writeSeries().filter((x) =>
    x.points.some((p) => p[1] !== 0)), { title: "Writes and expansions in the interval" });
}

// The statistics interval's counts (IBM MQ, "Buffer manager data records"): DWT, the times
// the deferred write processor was started; IMW, pages written synchronously; DMC, updates
// made synchronously because the pool was over 95% full of pages waiting to be written; and
// each page set's expansions (EXPN).
const WRITE_FIELDS = ["DWT", "IMW", "DMC"];

function writeSeries() {
  const series = new Map();
  const add = (name, t, v) => {
    if (!series.has(name)) series.set(name, []);
    series.get(name).push([t, v]);
  };
  for (const { t, s } of state.samples) {
    const stats = s.statistics || { bufferPools: {}, pageSets: {} };
    for (const [pool, f] of Object.entries(stats.bufferPools)) {
      for (const field of WRITE_FIELDS) add(`BP${pool} ${field}`, t, f[field]);
    }
    for (const [psid, f] of Object.entries(stats.pageSets)) {
      add(`PS${psid.padStart(2, "0")} EXPN`, t, f.EXPN);
    }
  }
  return [...series].map(([name, points]) => ({ name, points }));
}

async function sample() {
  const gen = state.gen;
  const a = await api.storage(state.qmgr);
  if (gen !== state.gen) return;
  if (a.status === 200) {
    state.samples.push({ t: Date.now(), s: a.json });
    if (state.samples.length > 600) state.samples.shift();
    drawDiagram(a.json);
    drawCharts();
    $("storage-time").textContent = `as of ${new Date().toLocaleTimeString()}, ` +
                                    `every 2 s`;
  } else {
    $("storage-time").textContent = api.errorText(a);
  }
  if (!$("view-storage").hidden) state.timer = setTimeout(sample, 2000);
}

function stopSampling() { clearTimeout(state.timer); state.timer = null; state.gen++; }

for (const b of document.querySelectorAll(".svg-export")) {
  b.addEventListener("click", () => saveSvg($(b.dataset.chart), `${b.dataset.chart}.svg`));
}
for (const b of document.querySelectorAll(".png-export")) {
  b.addEventListener("click", () => savePng($(b.dataset.chart), `${b.dataset.chart}.png`));
}

// ---- the z/OS page: DISPLAY USAGE, CF structures, the queue sharing group ------------------
function table(headings, rows, attrs = {}) {
  const t = h("table", "zos");
  const head = h("tr");
  for (const x of headings) head.append(h("th", "", x));
  t.append(head);
  for (const r of rows) {
    const tr = h("tr");
    for (const [k, v] of Object.entries(attrs)) tr.dataset[k] = v(r);
    for (const cell of r.cells) {
      const td = h("td", typeof cell === "number" ? "num" : "", "");
      if (cell instanceof Node) td.append(cell); else td.textContent = cell ?? "";
      tr.append(td);
    }
    t.append(tr);
  }
  return t;
}

/** "3 h 12 min", "45 s": how long ago a backup ended. */
function age(seconds) {
  if (seconds === null || seconds === undefined) return "never";
  if (seconds < 120) return `${seconds} s`;
  const m = Math.floor(seconds / 60);
  if (m < 120) return `${m} min`;
  const hours = Math.floor(m / 60);
  return hours < 48 ? `${hours} h ${m % 60} min` : `${Math.floor(hours / 24)} days`;
}

async function openZos() {
  const gen = state.gen;
  $("zos-time").textContent = "loading...";
  const a = await api.zos(state.qmgr);
  if (gen !== state.gen) return;
  if (a.status !== 200) { $("zos-time").textContent = api.errorText(a); return; }
  const z = a.json;
  $("zos-time").textContent = `as of ${new Date().toLocaleTimeString()}`;
  $("usage-pagesets").replaceChildren(table(
    ["Page set", "Buffer pool", "Total pages", "Unused", "Persistent", "Non-persistent",
     "Used", "Expansion", "Expansions", "Status"],
    z.pageSets.map((p) => ({ id: p.pageSetId, cells: [
      String(p.pageSetId).padStart(2, "0"), p.bufferPoolId, p.totalPages, p.unusedPages,
      p.persistentDataPages, p.nonPersistentDataPages,
      meterWith((p.totalPages - p.unusedPages) / p.totalPages),
      p.expandType, p.expandCount, p.pageSetStatus] })),
    { psid: (r) => r.id }));
  $("usage-pools").replaceChildren(table(
    ["Buffer pool", "Buffers", "Stealable", "Stealable %", "Stealable (bar)", "Page class",
     "Location"],
    z.bufferPools.map((b) => ({ id: b.bufferPoolId, cells: [
      b.bufferPoolId, b.totalBuffers, b.freeBuffers, b.freeBuffersPercentage,
      meterWith(b.freeBuffers / b.totalBuffers), b.pageClass, b.bufferPoolLocation] })),
    { pool: (r) => r.id }));
  $("usage-datasets").replaceChildren(table(
    ["Log range needed", "RBA/LRSN", "Data set"],
    z.dataSets.map((d) => ({ cells: [d.dataSetType, d.logRBA || "None", d.dataSetName] }))));
  const group = $("zos-qsg");
  group.replaceChildren();
  if (!z.qsg) {
    group.append(h("p", "muted", `${z.qmgr} is not in a queue sharing group: no CF ` +
                                  "structures, no group (DISPLAY GROUP answers MQSC322E)."));
    $("zos-structures").replaceChildren();
    return;
  }
  group.append(h("p", "", `Queue sharing group ${z.qsg}: ${z.members.length} members`),
               table(["Member", "Status"], z.members.map((m) => ({ name: m.name,
                 cells: [m.name, m.status] })), { member: (r) => r.name }));
  $("zos-structures").replaceChildren(table(
    ["Structure", "CFLEVEL", "RECOVER", "Status", "Last backup", "Age", "By", "Size MB",
     "Log since (MB, per member)", "Recovery estimate", "Advice"],
    z.structures.map((s) => {
      const b = s.backup && s.backup.bkupdate ? s.backup : null;
      const adv = s.advice;
      return { name: s.name, cells: [
        s.name, s.cflevel, s.recover, s.status,
        b ? `${b.bkupdate} ${b.bkuptime}` : "never", age(s.backupAgeSeconds),
        b ? b.qmname : "",
        adv ? adv.backupMB : "",
        adv ? Object.entries(adv.logMB).map(([m, mb]) => `${m} ${mb}`).join(", ") || "none" : "",
        adv ? Object.entries(adv.recoverySeconds).map(([r, sec]) => `${r}: ${sec} s`)
          .join("; ") : "",
        adv ? (adv.findings.join("; ") || "fine") :
          (s.recover === "YES" ? "" : "RECOVER(NO): nothing to back up")] };
    }), { structure: (r) => r.name }));
}

$("zos-refresh").addEventListener("click", openZos);

start();
