// A small SVG line chart (no library: a few polylines are all the storage view needs, and an
// SVG can be saved as it is).
const NS = "http://www.w3.org/2000/svg";
const COLOURS = ["#1192e8", "#8a3ffc", "#009d9a", "#fa4d56", "#198038", "#b28600", "#ee538b",
                 "#002d9c"];

// Text carries its own font and colour (not the page's CSS), so a saved SVG or PNG looks the
// same outside the page.
const TEXT = { "font-family": "system-ui, sans-serif", "font-size": 11, fill: "#6f6f6f" };

function el(name, attrs, text) {
  const e = document.createElementNS(NS, name);
  if (name === "text") attrs = { ...TEXT, ...attrs };
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** What a chart shows, in words, for those who cannot see it (its SVG <title>, which screen
 * readers read for role="img" and which stays in a saved SVG): each series' latest figure
 * with its lowest and highest over the time shown. */
export function describe(title, series, unit = "") {
  const shown = series.filter((s) => s.points.length);
  if (shown.length === 0) return `${title}: waiting for figures`;
  const n = (v) => `${v.toLocaleString("en")}${unit}`;
  const t = shown.flatMap((s) => s.points.map((p) => p[0]));
  const span = `${new Date(Math.min(...t)).toLocaleTimeString()} to ` +
               `${new Date(Math.max(...t)).toLocaleTimeString()}`;
  return `${title}, ${span}: ` + shown.map((s) => {
    const values = s.points.map((p) => p[1]);
    return `${s.name} ${n(values[values.length - 1])} ` +
           `(lowest ${n(Math.min(...values))}, highest ${n(Math.max(...values))})`;
  }).join("; ");
}

/** series: [{name, points: [[time ms, value], ...]}]; draws into root (replacing it). */
export function lineChart(root, series,
                          { width = 600, height = 220, unit = "", title = "Chart" } = {}) {
  const svg = el("svg", { xmlns: NS, viewBox: `0 0 ${width} ${height}`, role: "img",
                          width, height });
  svg.append(el("title", {}, describe(title, series, unit)));
  const pad = { l: 52, r: 110, t: 10, b: 22 };
  const pts = series.flatMap((s) => s.points);
  if (pts.length === 0) {
    svg.append(el("text", { x: pad.l, y: height / 2 }, "waiting for figures..."));
    root.replaceChildren(svg);
    return svg;
  }
  const t0 = Math.min(...pts.map((p) => p[0])), t1 = Math.max(...pts.map((p) => p[0]));
  let v0 = Math.min(...pts.map((p) => p[1])), v1 = Math.max(...pts.map((p) => p[1]));
  if (v0 === v1) { v0 = Math.max(0, v0 - 1); v1 = v1 + 1; }
  const x = (t) => pad.l + (t1 === t0 ? 0 : (t - t0) / (t1 - t0)) * (width - pad.l - pad.r);
  const y = (v) => pad.t + (1 - (v - v0) / (v1 - v0)) * (height - pad.t - pad.b);
  svg.append(el("line", { x1: pad.l, y1: pad.t, x2: pad.l, y2: height - pad.b, stroke: "#999" }));
  svg.append(el("line", { x1: pad.l, y1: height - pad.b, x2: width - pad.r, y2: height - pad.b,
                          stroke: "#999" }));
  svg.append(el("text", { x: 4, y: pad.t + 10 }, `${v1}${unit}`));
  svg.append(el("text", { x: 4, y: height - pad.b }, `${v0}${unit}`));
  svg.append(el("text", { x: pad.l, y: height - 6 }, new Date(t0).toLocaleTimeString()));
  svg.append(el("text", { x: width - pad.r - 60, y: height - 6 },
                new Date(t1).toLocaleTimeString()));
  series.forEach((s, i) => {
    const colour = COLOURS[i % COLOURS.length];
    const line = s.points.map((p) => `${x(p[0]).toFixed(1)},${y(p[1]).toFixed(1)}`).join(" ");
    svg.append(el("polyline", { points: line, fill: "none", stroke: colour, "stroke-width": 2,
                                "data-series": s.name }));
    const last = s.points[s.points.length - 1];
    svg.append(el("text", { x: width - pad.r + 6, y: 14 + i * 14, fill: colour },
                  `${s.name}: ${last[1]}${unit}`));
  });
  root.replaceChildren(svg);
  return svg;
}

/** Save a chart's SVG as a file (a blob URL: nothing leaves the machine). */
export function saveSvg(root, filename) {
  const svg = root.querySelector("svg");
  if (!svg) return;
  const blob = new Blob([new XMLSerializer().serializeToString(svg)], { type: "image/svg+xml" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** Save a chart as a PNG file: the SVG drawn on a canvas (twice the size, on white), through
 * a data: URL the page's Content-Security-Policy allows; nothing leaves the machine. */
export function savePng(root, filename, scale = 2) {
  const svg = root.querySelector("svg");
  if (!svg) return Promise.resolve(false);
  const [, , w, h] = svg.getAttribute("viewBox").split(" ").map(Number);
  const text = new XMLSerializer().serializeToString(svg);
  const image = new Image();
  return new Promise((resolve) => {
    image.onload = () => {
      const canvas = document.createElement("canvas");
      canvas.width = w * scale;
      canvas.height = h * scale;
      const g = canvas.getContext("2d");
      g.fillStyle = "#fff";
      g.fillRect(0, 0, canvas.width, canvas.height);
      g.drawImage(image, 0, 0, canvas.width, canvas.height);
      canvas.toBlob((blob) => {
        const a = document.createElement("a");
        a.href = URL.createObjectURL(blob);
        a.download = filename;
        a.click();
        setTimeout(() => URL.revokeObjectURL(a.href), 1000);
        resolve(true);
      }, "image/png");
    };
    image.onerror = () => resolve(false);
    image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(text);
  });
}

/** A bar filled to ``fraction`` (0-1). 0 of 0 pages (a page set with none) is an empty bar,
 * not NaN%. */
export function meter(fraction) {
  const f = Number.isFinite(fraction) ? Math.max(0, Math.min(1, fraction)) : 0;
  const m = document.createElement("div");
  m.className = "meter";
  const bar = document.createElement("div");
  bar.style.width = `${Math.round(f * 100)}%`;
  m.append(bar);
  return m;
}

/** A meter whose tooltip says its percentage ("none" for 0 of 0). */
export function meterWith(fraction) {
  const m = meter(fraction);
  m.title = Number.isFinite(fraction) ? `${Math.round(fraction * 100)}%` : "none";
  return m;
}
