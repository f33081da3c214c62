// The MQ REST API of `mqsc serve`, as the console uses it (docs/serve.md). Same origin only:
// the console never talks to any other host.
const REST = "/ibmmq/rest/v2";
const CSRF = { "ibm-mq-rest-csrf-token": "mqsc-console" };

// Requests go to location.origin + path, never to a URL relative to the page: opened as
// http://user:password@host:port/ibmmq/console/ the page's own URL holds credentials, and
// fetch() refuses to build a request from such a URL ("Request cannot be constructed from a
// URL that includes credentials"). The origin never holds them.
const at = (path) => new URL(path, window.location.origin);

/** The user and password given in the page's URL (user:password@host), or null.
 *  document.URL keeps them where Chromium's location.href leaves them out. */
export function urlCredentials() {
  const url = new URL(document.URL);
  if (!url.username) return null;
  return { username: decodeURIComponent(url.username),
           password: decodeURIComponent(url.password) };
}

async function call(method, path, body) {
  const init = { method, credentials: "same-origin", headers: { ...CSRF } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(at(path), init);
  const text = await response.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = null; }
  return { status: response.status, json };
}

/** The first mqweb error of a body, as "MQWB0103E: text". */
export function errorText(answer) {
  const e = answer.json && answer.json.error && answer.json.error[0];
  if (!e) return `HTTP ${answer.status}`;
  return e.hint ? `${e.message} (${e.hint})` : e.message;
}

export async function whoami() {
  const a = await call("GET", `${REST}/login`);
  if (a.status !== 200) return null;
  const u = a.json.user[0];
  return { name: u.name, role: u.role[0] };
}

export async function signIn(username, password) {
  const a = await call("POST", `${REST}/login`, { username, password });
  return a.status === 204 ? null : errorText(a);
}

export const signOut = () => call("DELETE", `${REST}/login`);

/** The emulated installation: its MQ level and command level (GET /admin/installation). */
export async function installation() {
  const a = await call("GET", `${REST}/admin/installation`);
  return a.status === 200 ? a.json.installation[0] : null;
}

export async function qmgrs() {
  const a = await call("GET", `${REST}/admin/qmgr`);
  return a.status === 200 ? a.json.qmgr : [];
}

const mqsc = (qmgr) => `${REST}/admin/action/qmgr/${encodeURIComponent(qmgr)}/mqsc`;

/** runCommand: the z/OS reply lines of each reply set. */
export const runCommand = (qmgr, command) =>
  call("POST", mqsc(qmgr), { type: "runCommand", parameters: { command } });

/** runCommandJSON: one element per object. */
export const runJSON = (qmgr, body) =>
  call("POST", mqsc(qmgr), { type: "runCommandJSON", ...body });

export const form = (objtype, verb = "define") =>
  call("GET", `/ibmmq/console/api/form/${objtype}?verb=${verb}`);

export const storage = (qmgr) =>
  call("GET", `/ibmmq/console/api/qmgr/${encodeURIComponent(qmgr)}/storage`);

/** One window of the local queues, sorted by name (the widget's first rows). */
export const queuesWindow = (qmgr, name, offset, limit) =>
  call("GET", `/ibmmq/console/api/qmgr/${encodeURIComponent(qmgr)}/queues?` +
              new URLSearchParams({ name, offset, limit }));

export const words = () => call("GET", "/ibmmq/console/api/words");

/** The channel initiator's listeners (DISPLAY CHINIT's MQSC365I lines). */
export const listeners = (qmgr) =>
  call("GET", `/ibmmq/console/api/qmgr/${encodeURIComponent(qmgr)}/listeners`);

/** The RACF profiles that cover a queue (read only). */
export const profiles = (qmgr, queue) =>
  call("GET", `/ibmmq/console/api/qmgr/${encodeURIComponent(qmgr)}/queue/` +
              `${encodeURIComponent(queue)}/profiles`);

/** DISPLAY USAGE, the CF structures with their backups and advice, the QSG's members. */
export const zos = (qmgr) =>
  call("GET", `/ibmmq/console/api/qmgr/${encodeURIComponent(qmgr)}/zos`);
