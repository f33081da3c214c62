// A virtualised grid: only the rows in view (plus a few) are in the DOM, so 50,000 queues
// scroll, sort and filter as fast as 50. Rows are plain objects; columns say which key to show.

/** MQ generic names: a trailing * matches any suffix; without one the text is a prefix too
 * (so the list narrows as you type). Case-insensitive. */
export function genericMatcher(pattern) {
  const p = pattern.trim().toUpperCase();
  if (p === "" || p === "*") return null;
  const prefix = p.endsWith("*") ? p.slice(0, -1) : p;
  // A quoted name keeps its case (SUB('mysub')): compared in upper case too.
  return (name) => String(name).toUpperCase().startsWith(prefix);
}

/** Where a value comes in an order (a channel's states, the most telling first); a value the
 * order does not name comes after all those it does. */
export function rank(order, value) {
  const i = order.indexOf(value);
  return i < 0 ? order.length : i;
}

export class VirtualGrid {
  constructor(root, columns, { rowHeight = 26, key = "queue", actions = null } = {}) {
    this.root = root;
    this.columns = columns;
    this.rowHeight = rowHeight;
    this.key = key;
    this.actions = actions; // (row) => [button elements], or null
    this.all = [];
    this.view = [];
    this.sortKey = key;
    this.sortDir = 1;
    this.match = null;
    this.pool = [];
    root.replaceChildren();
    this.head = document.createElement("div");
    this.head.className = "head";
    for (const c of columns) {
      const cell = document.createElement("div");
      cell.className = "cell" + (c.numeric ? " num" : "") + (c.fill ? " fill" : "");
      if (!c.fill) cell.style.width = c.width;
      cell.dataset.key = c.key;
      cell.textContent = c.title;
      cell.addEventListener("click", () => this.sortBy(c.key));
      this.head.append(cell);
    }
    if (actions) {
      const cell = document.createElement("div");
      cell.className = "cell";
      cell.style.width = "7em";
      this.head.append(cell);
    }
    this.viewport = document.createElement("div");
    this.viewport.className = "viewport";
    this.spacer = document.createElement("div");
    this.spacer.className = "spacer";
    this.viewport.append(this.spacer);
    root.append(this.head, this.viewport);
    let pending = false;
    this.viewport.addEventListener("scroll", () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => { pending = false; this.draw(); });
    });
  }

  setRows(rows) { this.all = rows; this.refresh(); }

  setFilter(pattern) { this.match = genericMatcher(pattern); this.refresh(); }

  sortBy(key) {
    this.sortDir = this.sortKey === key ? -this.sortDir : 1;
    this.sortKey = key;
    this.refresh();
  }

  refresh() {
    const match = this.match, key = this.key;
    const rows = match ? this.all.filter((r) => match(r[key])) : this.all.slice();
    const k = this.sortKey, d = this.sortDir;
    rows.sort((a, b) => {
      const x = a[k], y = b[k];
      if (x === y) return 0;
      if (x === undefined || x === null) return 1;
      if (y === undefined || y === null) return -1;
      return (x < y ? -1 : 1) * d;
    });
    this.view = rows;
    for (const cell of this.head.children) {
      const c = this.columns.find((col) => col.key === cell.dataset.key);
      if (c) cell.textContent = c.title + (k === c.key ? (d > 0 ? " ▲" : " ▼") : "");
    }
    this.spacer.style.height = `${rows.length * this.rowHeight}px`;
    this.draw(true);
  }

  /** Draw the rows in view; returns how many rows are in the DOM. */
  draw(force = false) {
    const h = this.rowHeight;
    const first = Math.max(0, Math.floor(this.viewport.scrollTop / h) - 5);
    const count = Math.ceil((this.viewport.clientHeight || 460) / h) + 10;
    const last = Math.min(this.view.length, first + count);
    if (!force && first === this.first && last === this.last) return last - first;
    this.first = first;
    this.last = last;
    while (this.pool.length < last - first) this.pool.push(this.makeRow());
    for (let i = 0; i < this.pool.length; i++) {
      const el = this.pool[i];
      const index = first + i;
      if (index >= last) { if (el.parentNode) el.remove(); continue; }
      const row = this.view[index];
      el.style.top = `${index * h}px`;
      el.dataset.name = row[this.key];
      // In a queue sharing group one name may be two rows (a GROUP object and its COPY).
      el.dataset.qsgdisp = row.qsgdisp || "";
      for (let c = 0; c < this.columns.length; c++) {
        const col = this.columns[c];
        const v = row[col.key];
        el.children[c].textContent = v === undefined || v === null ? "" : String(v);
        // A column may colour its cells by value (a channel's STATUS: RUNNING, STOPPED...).
        if (col.classOf) el.children[c].dataset.value = col.classOf(v);
      }
      if (this.actions) el.lastChild.replaceChildren(...this.actions(row));
      if (!el.parentNode) this.spacer.append(el);
    }
    return last - first;
  }

  makeRow() {
    const el = document.createElement("div");
    el.className = "row";
    for (const c of this.columns) {
      const cell = document.createElement("div");
      cell.className = "cell" + (c.numeric ? " num" : "") + (c.fill ? " fill" : "");
      if (!c.fill) cell.style.width = c.width;
      el.append(cell);
    }
    if (this.actions) {
      const cell = document.createElement("div");
      cell.className = "cell";
      cell.style.width = "7em";
      el.append(cell);
    }
    return el;
  }
}
