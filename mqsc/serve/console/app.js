// The mqsc web console: sign-in, the queues widget, the MQSC command pane, the create form
// generated from the catalog, and the storage view (docs/console-web.md).
import * as api from "./api.js";
import { VirtualGrid } from "./grid.js";
import { lineChart, saveSvg } from "./chart.js";

const $ = (id) => document.getElementById(id);
const state = { user: null, qmgr: null, grid: null, history: [], at: -1, samples: [],
                timer: null, gen: 0 };
// Figures the benchmark and the tests read (bench/console_web.py): milliseconds, measured here.
const timings = (window.mqscTimings = { openToFirstRows: null, openToAllRows: null,
                                        filterToRedraw: [],
                                        queues: 0 });
const ADMIN = "MQWebAdmin";
const canChange = () => state.user && state.user.role === ADMIN;

function show(id) {
  for (const s of ["signin", "view-queues", "view-objects", "view-storage"]) {
    $(s).hidden = s !== id;
  }
  $("bar").hidden = id === "signin";
}

// After the DOM is updated, the next frame is when the rows are drawn on screen.
const painted = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));

// ---- sign-in ------------------------------------------------------------------------------
async function start() {
  state.user = await api.whoami();
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
  route();
});

// ---- routing ------------------------------------------------------------------------------
function route() {
  if (!state.user) return;
  const view = { "#storage": "storage", "#objects": "objects" }[location.hash] || "queues";
  for (const v of ["queues", "objects", "storage"]) {
    $(`nav-${v}`).classList.toggle("active", view === v);
  }
  stopSampling();
  if (view === "storage") { show("view-storage"); sample(); }
  else if (view === "objects") { show("view-objects"); openObjects(); }
  else { show("view-queues"); openQueues(); }
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

function deleteButton(row) {
  if (!canChange()) return [];
  const edit = document.createElement("button");
  edit.className = "del change edit";
  edit.type = "button";
  edit.title = `Alter ${row.queue}`;
  edit.textContent = "✎";
  edit.addEventListener("click", () => openAlter(row));
  const b = document.createElement("button");
  b.className = "del change";
  b.type = "button";
  b.title = `Delete ${row.queue}`;
  b.textContent = "✕";
  b.addEventListener("click", async () => {
    if (!confirm(`DELETE ${row.type}(${row.queue})?`)) return;
    const a = await api.runJSON(state.qmgr, { command: "delete",
                                              qualifier: row.type.toLowerCase(),
                                              name: row.queue });
    showReply(`DELETE ${row.type}(${row.queue})`, a);
    loadQueues();
  });
  return [edit, b];
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
    command: "display", qualifier: "queue", name: "*",
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
let formSpec = null;
let formRow = null; // the queue being altered, with its current attributes; null: a new one
const forms = new Map();

async function loadForm(type, verb = "define") {
  const key = `${type}/${verb}`;
  if (!forms.has(key)) {
    const a = await api.form(type, verb);
    if (a.status !== 200) { $("create-form").textContent = api.errorText(a); return false; }
    forms.set(key, a.json);
    const select = $("create-type");
    if (verb === "define" && select.options.length < a.json.types.length) {
      select.replaceChildren(...a.json.types.map((t) => new Option(t.toUpperCase(), t)));
      select.value = type;
    }
  }
  formSpec = forms.get(key);
  return true;
}

async function openCreate() {
  const panel = $("create-panel");
  panel.hidden = !panel.hidden || formRow !== null;
  formRow = null;
  $("create-type").hidden = false;
  $("form-title").textContent = "Create a queue";
  if (!panel.hidden && await loadForm($("create-type").value)) buildForm(formSpec, null);
}
$("create").addEventListener("click", openCreate);
$("create-type").addEventListener("change", async () => {
  if (await loadForm($("create-type").value)) buildForm(formSpec, null);
});

// ALTER: the form of the row's type, filled with the queue's attributes as DISPLAY ... ALL
// shows them; only what is changed is sent.
async function openAlter(row) {
  const type = row.type.toLowerCase();
  const shown = await api.runJSON(state.qmgr, { command: "display", qualifier: type,
                                                name: row.queue, responseParameters: ["all"] });
  const found = shown.status === 200 && shown.json.commandResponse[0].parameters;
  if (!found) { showReply(`DISPLAY ${row.type}(${row.queue}) ALL`, shown); return; }
  if (!await loadForm(type, "alter")) return;
  formRow = { ...row, values: found };
  $("create-panel").hidden = false;
  $("create-type").hidden = true;
  $("form-title").textContent = `Alter ${row.type}`;
  buildForm(formSpec, formRow);
}

function input(field) {
  let e;
  if (field.type === "choice") {
    e = document.createElement("select");
    e.append(new Option("", ""));
    for (const v of field.values) e.append(new Option(v, v));
  } else if (field.type === "flag") {
    e = document.createElement("input");
    e.type = "checkbox";
  } else {
    e = document.createElement("input");
    if (field.type === "integer") {
      e.type = "number";
      e.min = field.min;
      e.max = field.max;
    } else if (field.maxLength) e.maxLength = field.maxLength;
  }
  e.name = field.name;
  if (field.default !== undefined && field.type !== "flag") e.placeholder = String(field.default);
  return e;
}

// What a field starts as: the queue's value when altering; for a new queue a flag starts at
// its default (SHARE is on unless NOSHARE is given) and the rest blank (the default applies).
function initial(field, row) {
  if (row) {
    const v = row.values[field.name.toLowerCase()];
    if (field.type === "flag") return v === true;
    return v === undefined || v === null ? "" : String(v);
  }
  return field.type === "flag" ? field.default === true : "";
}

const NOT_IN_FORMS = ["QSGDISP", "LIKE", "REPLACE", "NOREPLACE", "CMDSCOPE", "FORCE"];

function buildForm(spec, row) {
  const f = $("create-form");
  f.replaceChildren();
  const name = document.createElement("label");
  const nameInput = document.createElement("input");
  nameInput.name = "__name";
  nameInput.required = true;
  nameInput.maxLength = spec.name.maxLength;
  nameInput.id = "create-name";
  if (row) { nameInput.value = row.queue; nameInput.readOnly = true; }
  name.append("Name", nameInput);
  const actions = document.createElement("div");
  actions.className = "actions";
  const ok = document.createElement("button");
  ok.type = "submit";
  ok.id = "create-submit";
  ok.textContent = row ? "Alter" : "Define";
  actions.append(ok);
  const out = document.createElement("pre");
  out.id = "create-reply";
  const note = h("p", "muted", row
    ? "Only the attributes you change are sent, as ALTER takes them."
    : "Attributes left blank get the queue manager's default (shown greyed), as DEFINE does.");
  f.append(name, actions, out, note);
  for (const field of spec.fields) {
    if (NOT_IN_FORMS.includes(field.name)) continue;
    const label = document.createElement("label");
    const e = input(field);
    const start = initial(field, row);
    if (field.type === "flag") e.checked = start; else e.value = start;
    label.append(field.name, e);
    const hint = document.createElement("small");
    hint.textContent = `${field.help ? field.help + "; " : ""}${field.describe}` +
      (field.default !== undefined && field.default !== "" ? `; default ${field.default}` : "");
    label.append(hint);
    f.append(label);
  }
}

$("create-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const f = event.target;
  const parameters = {};
  for (const field of formSpec.fields) {
    const e = f.elements.namedItem(field.name);
    if (!e) continue;
    const start = initial(field, formRow);
    if (field.type === "flag") {
      if (e.checked !== start) {
        if (e.checked) parameters[field.name.toLowerCase()] = true;
        else if (field.negation) parameters[field.negation.toLowerCase()] = true;
      }
    } else if (e.value !== start && (e.value !== "" || formRow)) {
      parameters[field.name.toLowerCase()] =
        field.type === "integer" && e.value !== "" ? Number(e.value) : e.value;
    }
  }
  const name = f.elements.namedItem("__name").value.trim();
  const a = await api.runJSON(state.qmgr, { command: formSpec.command,
                                            qualifier: formSpec.qualifier, name, parameters });
  const lines = a.status === 200
    ? a.json.commandResponse.flatMap((r) => r.message || r.text || []) : [api.errorText(a)];
  const failed = a.status !== 200 || a.json.overallCompletionCode !== 0;
  $("create-reply").textContent = lines.join("\n");
  $("create-reply").className = failed ? "error" : "";
  if (!failed) loadQueues();
});

// ---- the MQSC command pane ----------------------------------------------------------------
function showReply(command, a) {
  const pre = $("reply");
  pre.replaceChildren();
  const echo = document.createElement("div");
  echo.textContent = command;
  pre.append(echo);
  const sets = a.status === 200 ? a.json.commandResponse : null;
  if (!sets) {
    const line = document.createElement("div");
    line.className = "bad";
    line.textContent = api.errorText(a);
    pre.append(line);
    return;
  }
  for (const set of sets) {
    for (const text of set.text || set.message || []) {
      const line = document.createElement("div");
      line.textContent = text;
      // A failed reply set: every line but the CSQN205I count says why (CSQM095I is an
      // I message, yet it is the reason of the CSQ9023E).
      if (set.completionCode !== 0 && !text.startsWith("CSQN205I")) line.className = "bad";
      pre.append(line);
    }
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

// ---- the objects widget: any defined object type the catalog displays -------------------------
async function catalog() {
  if (!catalogWords) {
    const a = await api.words();
    if (a.status !== 200) return null;
    catalogWords = a.json;
  }
  return catalogWords;
}

async function openObjects() {
  const words = await catalog();
  if (!words) return;
  const select = $("object-type");
  if (!select.options.length) {
    select.replaceChildren(...words.displayable.map((t) => new Option(t, t.toLowerCase())));
    select.value = words.displayable.includes("CHANNEL") ? "channel" : select.options[0].value;
  }
  await loadObjects();
}

// The columns are what DISPLAY ... ALL answers, the identity first (the catalog's display
// order), cut to the first nine: the name, its type and disposition, then the rest.
async function loadObjects() {
  const type = $("object-type").value;
  $("object-count").textContent = "loading...";
  const a = await api.runJSON(state.qmgr, { command: "display", qualifier: type, name: "*",
                                            responseParameters: ["all"] });
  const rows = a.status === 200
    ? a.json.commandResponse.filter((r) => r.parameters).map((r) => r.parameters) : [];
  const keys = rows.length ? Object.keys(rows[0]).slice(0, 9) : [type];
  const columns = keys.map((k, i) => ({ key: k, title: k.toUpperCase(),
                                        width: i === 0 ? "18em" : "9em" }));
  state.objects = new VirtualGrid($("object-grid"), columns, { key: keys[0] });
  state.objects.setRows(rows);
  state.objects.setFilter($("object-filter").value);
  $("object-count").textContent = a.status === 200
    ? `${state.objects.view.length} of ${rows.length}` : api.errorText(a);
}
$("object-type").addEventListener("change", loadObjects);
$("object-refresh").addEventListener("click", loadObjects);
$("object-filter").addEventListener("input", () => {
  if (!state.objects) return;
  state.objects.setFilter($("object-filter").value);
  $("object-count").textContent = `${state.objects.view.length} of ${state.objects.all.length}`;
});

// ---- the storage view ---------------------------------------------------------------------
function meter(fraction) {
  const m = document.createElement("div");
  m.className = "meter";
  const bar = document.createElement("div");
  bar.style.width = `${Math.round(Math.max(0, Math.min(1, fraction)) * 100)}%`;
  m.append(bar);
  return m;
}

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
  lineChart($("chart-pages"), pages);
  lineChart($("chart-pools"), pools, { unit: "%" });
  lineChart($("chart-writes"), writeSeries().filter((x) =>
    x.points.some((p) => p[1] !== 0)));
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

start();
