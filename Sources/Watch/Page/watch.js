// The watch page's player. It replays what the Swift recorder kept (the JSON in #watch-data) and
// computes nothing about the engine: positions are sums of the recorded runs, for drawing only.
// Every element a test reads carries data attributes (data-stage, data-serial, data-node, data-hl).
(function () {
  "use strict";

  const DATA = JSON.parse(document.getElementById("watch-data").textContent);
  const scenes = DATA.scenes;
  const $ = (id) => document.getElementById(id);
  const SVG = "http://www.w3.org/2000/svg";

  let sceneIndex = 0;
  let stepIndex = 0;
  let playing = false;
  let timer = null;

  // MARK: Language

  // The page's language: the one `Demo watch --lang` chose, or the fragment's `lang=`; the control switches it.
  // The recording carries every sentence, title and summary in both; the page's own words are below.
  let lang = DATA.lang === "zh-Hans" ? "zh-Hans" : "en";
  const ZH = {
    "Skip to the current step": "跳到当前这一步",
    "Watch the pass": "观看布局过程",
    "ReuseTable's engine, recorded as it ran:": "ReuseTable 的引擎，按它运行时的样子录下来：",
    ", the reuse pool and the height tree, one step at a time.": "，还有重用池和高度树，一步一步地看。",
    "Keys": "按键", "step back, forward": "后退一步、前进一步", "play, pause": "播放、暂停", "first, last step": "第一步、最后一步",
    "scenes": "场景", "Speed": "速度", "Step": "步", "host call": "宿主调用", "1 settle": "1 settle", "2 wanted": "2 wanted",
    "3 reconcile": "3 reconcile", "created": "新建", "dequeued": "取出", "recycled": "回收", "measured": "已测量", "Read:": "延伸阅读：",
    "Content space": "内容空间", "estimate": "预估", "viewport": "视口", "a cell on screen": "屏幕上的 cell",
    "Cells and the reuse pool": "cell 与重用池", "Every cell keeps its number and colour for life.": "每个 cell 的编号和颜色终身不变。",
    "Height tree": "高度树", "visited by findRow": "findRow 经过的节点", "sums re-added by a change": "因修改而重新求和的节点",
    "First step": "第一步", "Step back": "后退一步", "Play": "播放", "Pause": "暂停", "Step forward": "前进一步", "Last step": "最后一步",
    "footer": "由 <code>swift run Demo watch</code> 生成。这里没有运行引擎：页面回放的是库里的记录器在真实的 <code>TableView</code> 和 "
      + "<code>CollectionView</code> 运行时记下的内容。",
  };
  function T(english) { return lang === "zh-Hans" && ZH[english] !== undefined ? ZH[english] : english; }
  function zh() { return lang === "zh-Hans"; }
  function titleOf(sc) { return zh() && sc.titleZh ? sc.titleZh : sc.title; }

  // The page's fixed words in the current language: `data-t` holds the English text, `data-t-html` a key.
  const controls = { first: "First step", back: "Step back", forward: "Step forward", last: "Last step" };
  function applyLanguage() {
    document.documentElement.lang = lang;
    for (const node of document.querySelectorAll("[data-t]")) node.textContent = T(node.dataset.t);
    for (const node of document.querySelectorAll("[data-t-html]")) {
      if (node.dataset.english === undefined) node.dataset.english = node.innerHTML;
      node.innerHTML = zh() ? ZH[node.dataset.tHtml] : node.dataset.english;
    }
    for (const id in controls) {
      const button = $(id);
      button.setAttribute("aria-label", T(controls[id]));
      button.title = T(controls[id]) + button.title.replace(/^[^(]*/, " ").replace(/^ +/, " ");
    }
    for (const button of document.querySelectorAll(".lang button")) {
      button.setAttribute("aria-pressed", button.dataset.lang === lang ? "true" : "false");
    }
    for (const [index, button] of Array.from($("scene-tabs").children).entries()) {
      button.innerHTML = '<span class="n">' + (index + 1) + "</span>" + escapeHTML(titleOf(scenes[index]));
      button.title = titleOf(scenes[index]) + (zh() ? "（按键 " : " (key ") + (index + 1) + (zh() ? "）" : ")");
    }
  }
  function setLanguage(newLang) {
    lang = newLang === "zh-Hans" ? "zh-Hans" : "en";
    applyLanguage();
    scheduleHash();
    render();
  }

  // MARK: Formatting

  // 1234567.5 → "1,234,567.5" (the Swift side's `grouped`: thousands separated, at most two decimals).
  function fmt(value) {
    const rounded = Math.round(value * 100) / 100;
    const magnitude = Math.abs(rounded);
    const whole = Math.floor(magnitude);
    let fraction = (magnitude - whole).toFixed(2).slice(1);
    while (fraction.endsWith("0")) fraction = fraction.slice(0, -1);
    if (fraction === ".") fraction = "";
    return (rounded < 0 ? "−" : "") + String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",") + fraction;
  }
  function signed(value) { return value > 0 ? "+" + fmt(value) : fmt(value); }
  // A cell's colour, the same for its life in every pane: hues spread by the golden angle, each as light
  // as it can be while white text on it keeps a contrast of at least 4.5:1.
  const colours = new Map();
  function colour(serial) {
    if (colours.has(serial)) return colours.get(serial);
    const hue = (serial * 137.508) % 360;
    let lightness = 42, rgb;
    do {
      rgb = hslToRGB(hue, 0.7, lightness / 100);
      lightness -= 1;
    } while (lightness > 10 && 1.05 / (luminance(rgb) + 0.05) < 4.6);
    const value = "rgb(" + rgb.map((c) => Math.round(c * 255)).join(",") + ")";
    colours.set(serial, value);
    return value;
  }
  function hslToRGB(h, s, l) {
    const k = (n) => (n + h / 30) % 12, a = s * Math.min(l, 1 - l);
    const f = (n) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
    return [f(0), f(8), f(4)];
  }
  function luminance(rgb) {
    const [r, g, b] = rgb.map((c) => (c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4)));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  }
  function escapeHTML(text) {
    return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;" })[c]);
  }
  function rowName(scene, section, row) {
    if (scene.coll) return "item " + fmt(row);
    if (zh()) {
      if (row < 0) return "section " + section + " 的 header";
      return section === 0 ? "第 " + fmt(row) + " 行" : "section " + section + " 第 " + fmt(row) + " 行";
    }
    if (row < 0) return "header " + section;
    return section === 0 ? "row " + fmt(row) : "row " + fmt(row) + " of section " + section;
  }

  // MARK: The recorded tree

  // A node record: [id, isLeaf, count, height, unmeasured, headers, children | runs].
  function leavesInOrder(scene, root) {
    const leaves = [];
    if (root < 0) return leaves;
    const stack = [root];
    while (stack.length) {
      const node = scene.nodes[stack.pop()];
      if (node[1]) leaves.push(node);
      else for (let j = node[6].length - 1; j >= 0; j--) stack.push(node[6][j]);
    }
    return leaves;
  }

  // Every run with its start y and first row, in order (a run: [count, height, kind << 1 | measured]).
  function runsOf(scene, step) {
    const out = [];
    let y = step.v[4];
    let section = -1, row = 0;
    for (const leaf of leavesInOrder(scene, step.tr)) {
      for (const [count, height, flags] of leaf[6]) {
        const kind = flags >> 1;
        if (kind === 0) { section += count; row = 0; }
        const firstRow = kind === 1 ? row : -1;
        out.push({ y, count, height, kind, measured: (flags & 1) === 1, section, firstRow });
        if (kind === 1) row += count;
        y += count * height;
      }
    }
    return out;
  }

  // MARK: Navigation

  function scene() { return scenes[sceneIndex]; }
  function step() { return scene().steps[stepIndex]; }

  function go(newScene, newStep, options) {
    const opts = options || {};
    sceneIndex = Math.max(0, Math.min(scenes.length - 1, newScene));
    const count = scenes[sceneIndex].steps.length;
    stepIndex = Math.max(0, Math.min(count - 1, newStep));
    if (opts.hash !== false) scheduleHash();
    render();
  }

  // The fragment follows the step a moment after the last move: browsers throttle history
  // changes (Chromium ignores them past a hundred or so in ten seconds), and a held arrow key
  // would reach that limit and leave the link behind.
  let hashTimer = null;
  function scheduleHash() {
    clearTimeout(hashTimer);
    hashTimer = setTimeout(writeHash, 120);
  }
  function writeHash() {
    hashTimer = null;
    const hash = "#scene=" + encodeURIComponent(scene().key) + "&step=" + (stepIndex + 1) + (lang !== DATA.lang ? "&lang=" + lang : "");
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }

  function stepBy(delta) {
    if (delta > 0 && stepIndex >= scene().steps.length - 1) { pause(); return; }
    go(sceneIndex, stepIndex + delta);
  }

  function fromHash() {
    const params = new URLSearchParams(location.hash.replace(/^#/, ""));
    const wantedLang = params.get("lang") || DATA.lang;
    if (wantedLang !== lang) { lang = wantedLang === "zh-Hans" ? "zh-Hans" : "en"; applyLanguage(); }
    const key = params.get("scene");
    const index = Math.max(0, scenes.findIndex((s) => s.key === key));
    const wanted = parseInt(params.get("step") || "1", 10);
    go(index, (isNaN(wanted) ? 1 : wanted) - 1, { hash: key !== null });
  }

  function play() {
    if (stepIndex >= scene().steps.length - 1) go(sceneIndex, 0);
    playing = true;
    schedule();
    renderPlay();
  }
  function pause() {
    playing = false;
    clearTimeout(timer);
    timer = null;
    renderPlay();
  }
  function togglePlay() { if (playing) pause(); else play(); }
  function schedule() {
    clearTimeout(timer);
    const speed = parseFloat($("speed").value) || 1;
    timer = setTimeout(() => {
      if (!playing) return;
      if (stepIndex >= scene().steps.length - 1) { pause(); return; }
      go(sceneIndex, stepIndex + 1);
      schedule();
    }, 1100 / speed);
  }
  function renderPlay() {
    const button = $("play");
    button.setAttribute("aria-pressed", playing ? "true" : "false");
    button.setAttribute("aria-label", T(playing ? "Pause" : "Play"));
  }

  // MARK: Rendering

  function render() {
    const sc = scene(), st = step();
    const previous = stepIndex > 0 ? sc.steps[stepIndex - 1] : null;
    document.documentElement.dataset.scene = sc.key;
    document.documentElement.dataset.step = String(stepIndex);
    document.title = zh()
      ? titleOf(sc) + " · 第 " + (stepIndex + 1) + " 步 — 观看布局过程"
      : sc.title + " · step " + (stepIndex + 1) + " — Watch the pass";

    for (const [index, button] of Array.from($("scene-tabs").children).entries()) {
      button.setAttribute("aria-current", index === sceneIndex ? "true" : "false");
    }
    $("scene-title").textContent = titleOf(sc);
    $("scene-summary").textContent = zh() && sc.summaryZh ? sc.summaryZh : sc.summary;

    const scrubber = $("scrubber");
    scrubber.max = String(sc.steps.length - 1);
    scrubber.value = String(stepIndex);
    scrubber.setAttribute("aria-valuetext", zh()
      ? "第 " + (stepIndex + 1) + " 步，共 " + sc.steps.length + " 步：" + st.s + "，" + st.f
      : "Step " + (stepIndex + 1) + " of " + sc.steps.length + ": " + st.s + ", " + st.f);
    $("step-index").textContent = zh() ? "第 " + (stepIndex + 1) + " 步 / 共 " + sc.steps.length + " 步" : "Step " + (stepIndex + 1) + " / " + sc.steps.length;

    renderStep(sc, st, previous);
    renderContent(sc, st);
    renderPool(sc, st);
    renderTree(sc, st);
  }

  function renderStep(sc, st, previous) {
    for (const li of document.querySelectorAll(".pipeline li")) {
      li.classList.toggle("on", li.dataset.stage === st.s);
      li.classList.toggle("nested", st.n === 1 && li.dataset.stage === "wanted");
    }
    const stage = $("stage");
    stage.dataset.stage = st.s;
    stage.textContent = st.s === "call" ? T("host call") : st.s + (st.n ? " → wanted" : "");
    $("function").textContent = st.f;
    $("file").textContent = st.file + ":" + st.l;
    $("sentence").textContent = zh() && st.xz ? st.xz : st.x;
    $("numbers").textContent = st.num;
    const names = ["created", "dequeued", "recycled", "measured"];
    names.forEach((name, i) => {
      const tile = document.querySelector('[data-counter="' + name + '"]');
      tile.querySelector(".value").textContent = fmt(st.t[i]);
      tile.classList.toggle("bump", previous !== null && previous.t[i] !== st.t[i]);
    });
    const docs = $("docs");
    docs.textContent = "";
    for (const key of st.doc) {
      const chapter = DATA.docs[key];
      if (!chapter) continue;
      const link = document.createElement("a");
      link.href = chapter[1];
      link.textContent = zh() && chapter[2] ? chapter[2] : chapter[0];
      docs.appendChild(link);
    }
  }

  // MARK: Content space

  function el(name, attributes, parent) {
    const node = document.createElementNS(SVG, name);
    for (const key in attributes) node.setAttribute(key, attributes[key]);
    if (parent) parent.appendChild(node);
    return node;
  }
  function label(parent, x, y, text, attributes) {
    const node = el("text", Object.assign({ x, y }, attributes || {}), parent);
    node.textContent = text;
    return node;
  }

  // The content pane's width, read once and again on resize: reading it on every step would force a layout.
  let contentWidth = 0;

  function renderContent(sc, st) {
    const host = $("content");
    if (!contentWidth) contentWidth = host.clientWidth;
    const width = Math.max(320, contentWidth || 380);
    const height = 560;
    const [offset, viewport, viewWidth, contentHeight] = st.v;
    const svg = el("svg", { viewBox: "0 0 " + width + " " + height, role: "img" });
    svg.setAttribute("aria-label", "Content space: the viewport at y = " + fmt(offset) + " of " + fmt(contentHeight) + " points");
    const defs = el("defs", {}, svg);
    const hatch = el("pattern", { id: "hatch", width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
    el("rect", { width: 6, height: 6, fill: "#ffffff" }, hatch);
    el("line", { x1: 0, y1: 0, x2: 0, y2: 6, stroke: "#8a8f98", "stroke-width": 2.5 }, hatch);
    const light = el("pattern", { id: "hatch-light", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
    el("rect", { width: 8, height: 8, fill: "#fbfbf9" }, light);
    el("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "#c3c7ce", "stroke-width": 3 }, light);

    const top = 26, bottom = height - 14, tall = bottom - top;
    const runs = sc.coll ? [] : runsOf(sc, st);

    // The whole content, scaled: runs, not rows, so a million rows are a few rectangles.
    const ox = 10, ow = 30;
    label(svg, ox + ow / 2, 14, zh() ? "全部" : "all", { class: "dim", "text-anchor": "middle" });
    const total = Math.max(contentHeight, offset + viewport, 1);
    const scaleAll = tall / total;
    el("rect", { x: ox, y: top, width: ow, height: tall, fill: "#f1f0eb", stroke: "#d9d7cf" }, svg);
    for (const run of runs) {
      const h = run.count * run.height;
      if (h <= 0) continue;
      el("rect", {
        x: ox, y: top + run.y * scaleAll, width: ow, height: Math.max(run.measured ? 1.5 : 0.5, h * scaleAll),
        fill: run.measured ? "#7d8fb0" : "url(#hatch)",
      }, svg);
    }
    const vy = top + offset * scaleAll, vh = Math.max(3, viewport * scaleAll);
    el("rect", { x: ox - 5, y: vy, width: ow + 10, height: vh, fill: "none", stroke: "#1b1b1f", "stroke-width": 2.5 }, svg);

    // Around the viewport: two viewports tall, every slot a band.
    const dx = 74, dw = width - dx - 6;
    const windowTop = offset - viewport * 0.5, span = viewport * 2;
    const scale = tall / span;
    const y = (value) => top + (value - windowTop) * scale;
    label(svg, dx, 14, (zh() ? "视口附近 · 1 px = " : "around the viewport · 1 px = ") + fmt(1 / scale) + " pt", { class: "dim" });
    el("path", {
      d: "M" + (ox + ow + 5) + " " + vy + " L" + (dx - 4) + " " + y(offset) + " M" + (ox + ow + 5) + " " + (vy + vh) + " L" + (dx - 4) + " " + y(offset + viewport),
      stroke: "#9da3ae", "stroke-dasharray": "3 3", fill: "none",
    }, svg);
    const clip = el("clipPath", { id: "window" }, defs);
    el("rect", { x: dx - 6, y: top, width: dw + 12, height: tall }, clip);
    const detail = el("g", { "clip-path": "url(#window)" }, svg);
    el("rect", { x: dx, y: top, width: dw, height: tall, fill: "#f1f0eb" }, detail);

    const bandWidth = sc.coll ? dw : Math.round(dw * 0.56);
    const cellX = dx + bandWidth + 8, cellWidth = dw - bandWidth - 8;
    const measuredSlot = st.k === "measure" ? st.m[0] : -1;
    const foundSlot = st.k === "find" && st.fr ? st.fr[0] : -1;
    const anchorSlot = st.k === "anchor" ? st.a[0] : -1;
    let slotIndex = 0;
    for (const run of runs) {
      const first = slotIndex;
      slotIndex += run.count;
      if (run.height <= 0) continue;
      const end = run.y + run.count * run.height;
      if (end <= windowTop || run.y >= windowTop + span) continue;
      const k0 = Math.max(0, Math.floor((windowTop - run.y) / run.height));
      const k1 = Math.min(run.count - 1, Math.floor((windowTop + span - run.y) / run.height));
      for (let k = k0; k <= k1; k++) {
        const sy = run.y + k * run.height, index = first + k;
        const row = run.kind === 1 ? run.firstRow + k : -1;
        const band = el("rect", {
          x: dx, y: y(sy), width: bandWidth, height: Math.max(1, run.height * scale - 1),
          fill: run.measured ? (row % 2 === 0 ? "#c9d3e3" : "#d8e0ec") : "url(#hatch-light)", "data-slot": index,
        }, detail);
        if (index === measuredSlot || index === anchorSlot || index === foundSlot) {
          band.setAttribute("stroke", index === foundSlot ? "#1d4ed8" : "#9a5b00");
          band.setAttribute("stroke-width", "3");
        }
        if (run.height * scale >= 13) {
          label(detail, dx + 6, y(sy) + 13, run.kind === 1 ? rowName(sc, 0, row) : run.kind === 0 ? "header" : "footer");
          label(detail, dx + bandWidth - 6, y(sy) + 13, fmt(run.height) + (run.measured ? "" : zh() ? " 预估" : " est"), { "text-anchor": "end", class: "dim mono" });
        }
      }
    }
    if (sc.coll && st.it !== undefined) {
      const items = sc.items[st.it] || [];
      const xs = dw / Math.max(viewWidth, 1);
      for (const [ix, iy, iw, ih] of items) {
        el("rect", { x: dx + ix * xs, y: y(iy), width: Math.max(1, iw * xs - 1), height: Math.max(1, ih * scale - 1), fill: "#dfe4ec", stroke: "#b8c0cc" }, detail);
      }
    }
    // The cells on screen, at the frames the engine gave them, in their colours.
    for (const [serial, section, row, fx, fy, fw, fh] of st.scr) {
      const x = sc.coll ? dx + fx * (dw / Math.max(viewWidth, 1)) : cellX;
      const w = sc.coll ? Math.max(2, fw * (dw / Math.max(viewWidth, 1)) - 2) : cellWidth;
      const rect = el("rect", { x, y: y(fy) + 1, width: w, height: Math.max(2, fh * scale - 2), rx: 4, fill: colour(serial), "data-serial": serial }, detail);
      if (st.k === "cell" && st.ce[0] === serial) {
        rect.setAttribute("stroke", "#1b1b1f");
        rect.setAttribute("stroke-width", "3");
      }
      if (fh * scale >= 16) label(detail, x + 6, y(fy) + 15, "#" + serial + (sc.coll ? "" : " · " + rowName(sc, section, row)), { class: "cell-label" });
    }
    // Shade what is off screen, then the viewport.
    el("rect", { x: dx, y: top, width: dw, height: Math.max(0, y(offset) - top), fill: "rgba(244,243,239,0.55)" }, detail);
    el("rect", { x: dx, y: y(offset + viewport), width: dw, height: Math.max(0, bottom - y(offset + viewport)), fill: "rgba(244,243,239,0.55)" }, detail);
    el("rect", { x: dx - 3, y: y(offset), width: dw + 6, height: viewport * scale, fill: "none", stroke: "#1b1b1f", "stroke-width": 2.5, rx: 3 }, svg);
    label(svg, width - 8, y(offset) - 5, (zh() ? "视口 · y = " : "viewport · y = ") + fmt(offset), { "text-anchor": "end", class: "mono" });

    if (st.k === "find" && y(st.fy) >= top && y(st.fy) <= bottom) {
      el("line", { x1: dx - 10, x2: dx + bandWidth, y1: y(st.fy), y2: y(st.fy), stroke: "#1d4ed8", "stroke-width": 2, "stroke-dasharray": "6 3" }, svg);
      label(svg, dx - 12, y(st.fy) + 4, "y", { "text-anchor": "end", fill: "#1d4ed8" });
    }
    if (st.k === "offset") {
      const [from, to, reason] = st.mv;
      const fy = Math.min(Math.max(y(from), top), bottom), ty = Math.min(Math.max(y(to), top), bottom);
      el("line", { x1: dx - 14, x2: dx - 14, y1: fy, y2: ty, stroke: "#9a5b00", "stroke-width": 2.5 }, svg);
      el("circle", { cx: dx - 14, cy: ty, r: 4, fill: "#9a5b00" }, svg);
      label(svg, dx + 4, Math.min(bottom - 4, Math.max(top + 12, ty + 16)), reason + " Δ " + signed(to - from), { fill: "#7a4700", class: "mono halo" });
    }
    const note = sc.coll
      ? (zh() ? "布局在视口附近摆放的 item 画了轮廓；屏幕上的 cell 是彩色的。" : "Items the layout places near the viewport are outlined; cells on screen are coloured.")
      : zh()
        ? fmt(sc.rows) + " 行，共 " + runs.length + " 段 · 内容高 " + fmt(contentHeight) + " pt"
        : fmt(sc.rows) + " rows in " + runs.length + " runs · content " + fmt(contentHeight) + " pt";
    $("content-note").textContent = note;
    host.textContent = "";
    host.appendChild(svg);
  }

  // MARK: The reuse pool

  function renderPool(sc, st) {
    const host = $("pool");
    const known = sc.cells.filter((cell) => cell[2] <= stepIndex);
    const onScreen = new Map(st.scr.map((c) => [c[0], c]));
    const pooled = new Map();
    for (const [identifier, serials] of st.p) pooled.set(identifier, serials);
    const identifiers = Array.from(new Set(known.map((c) => c[1]).concat(st.p.map((p) => p[0])))).sort();
    const current = st.k === "cell" ? st.ce[0] : -1;
    const chip = (serial, state, text, extra) =>
      '<span class="chip' + (serial === current ? " now" : "") + (extra || "") + '" data-serial="' + serial + '" data-state="' + state + '"' +
      (state === "screen" ? ' data-row="' + onScreen.get(serial)[2] + '"' : "") + '><span class="badge" style="background:' +
      colour(serial) + '">#' + serial + "</span>" + escapeHTML(text) + "</span>";
    let html = "";
    for (const identifier of identifiers) {
      const mine = known.filter((c) => c[1] === identifier).map((c) => c[0]);
      const stack = pooled.get(identifier) || [];
      const inPool = new Set(stack);
      const screen = mine.filter((s) => onScreen.has(s)).sort((a, b) => {
        const ca = onScreen.get(a), cb = onScreen.get(b);
        return ca[1] - cb[1] || ca[2] - cb[2] || ca[4] - cb[4] || ca[3] - cb[3];
      });
      const hand = mine.filter((s) => !onScreen.has(s) && !inPool.has(s));
      html += '<div class="identifier" data-identifier="' + escapeHTML(identifier) + '"><h4><code>"' + escapeHTML(identifier) + '"</code>' +
        '<span class="made">' + (zh() ? mine.length + " 个 cell" : mine.length + " cell" + (mine.length === 1 ? "" : "s")) + "</span></h4>";
      html += '<div class="shelf-label">' + (zh() ? "在屏幕上" : "On screen") + '</div><div class="shelf" data-shelf="screen">' +
        (screen.length ? screen.map((s) => { const c = onScreen.get(s); return chip(s, "screen", rowName(sc, c[1], c[2])); }).join("")
          : '<span class="empty">' + (zh() ? "没有" : "none") + "</span>") + "</div>";
      if (hand.length) {
        html += '<div class="shelf-label">' + (zh() ? "在手上：已取出、已配置，还没上屏" : "In hand: dequeued, configured, not on screen yet") +
          '</div><div class="shelf" data-shelf="hand">' + hand.map((s) => chip(s, "hand", zh() ? "在手上" : "in hand")).join("") + "</div>";
      }
      html += '<div class="shelf-label">' + (zh() ? "在重用池里：一个栈，最后放进去的最先取出" : "In the pool: a stack, the last one in comes out first") +
        '</div><div class="shelf pool-stack" data-shelf="pool">' +
        (stack.length ? stack.map((s, i) => chip(s, "pool", zh() ? "空闲" : "idle", i === stack.length - 1 ? " top" : "")).join("")
          : '<span class="empty">' + (zh() ? "空" : "empty") + "</span>") + "</div></div>";
    }
    host.innerHTML = html || '<p class="empty">' + (zh() ? "还没有 cell。" : "No cell yet.") + "</p>";
  }

  // MARK: The height tree

  function renderTree(sc, st) {
    const host = $("tree");
    $("tree-legend").hidden = sc.coll || st.tr < 0;
    if (sc.coll || st.tr < 0) {
      $("tree-note").textContent = "";
      host.innerHTML = '<p class="tree-empty">' + (zh()
        ? "CollectionView 没有高度树：它的布局根据自己记下的各列来回答 layoutAttributesForElements(in:)（WaterfallLayout：每一列二分查找）。"
        : "A CollectionView has no height tree: its layout answers layoutAttributesForElements(in:) " +
          "from the columns it keeps (WaterfallLayout: a binary search in each column).") + "</p>";
      return;
    }
    const path = new Set(st.k === "find" ? st.path : []);
    const leafOfPath = st.k === "find" && st.path.length ? st.path[st.path.length - 1] : -1;
    const touched = new Set(st.tc);
    $("tree-note").textContent = zh()
      ? "每个节点记着它下面所有内容的和；叶子里是一段段等高的 slot（这里每片叶子最多 6 段、每个节点最多 4 个子节点，"
        + "所以几十行就能看出层次；引擎实际用的是 80 和 64）。"
      : "Each node keeps the sums of everything below it; leaves hold runs of equal slots (here at most " +
        "6 runs a leaf and 4 children a node, so a few dozen rows show levels; the engine's nodes hold 80 and 64).";
    const render = (index, depth) => {
      const [id, isLeaf, count, height, unmeasured, headers, body] = sc.nodes[index];
      const hl = [path.has(id) ? "path" : "", touched.has(id) ? "touched" : ""].filter(Boolean).join(" ");
      let html = '<li><div class="node" data-node="' + id + '"' + (hl ? ' data-hl="' + hl + '"' : "") + ">";
      html += '<span class="kind">' + (depth === 0 ? (zh() ? "根 · " : "root · ") : "") + (isLeaf ? (zh() ? "叶子 " : "leaf ") : (zh() ? "节点 " : "node ")) + id + "</span>";
      html += '<span class="sums">Σ <b>' + fmt(height) + "</b> pt · <b>" + fmt(count) + "</b> slot" + (count === 1 || zh() ? "" : "s") + "</span>";
      if (unmeasured) html += '<span class="est sums">· ' + fmt(unmeasured) + (zh() ? " 预估" : " est") + "</span>";
      if (path.has(id)) html += '<span class="flag path">' + (st.hit ? "finger" : zh() ? "经过" : "visited") + "</span>";
      if (touched.has(id)) html += '<span class="flag touched">' + (zh() ? "已改" : "changed") + "</span>";
      if (isLeaf) {
        html += '<div class="runs">' + body.map((run, r) => {
          const [c, h, flags] = run, kind = flags >> 1, measured = (flags & 1) === 1;
          const found = id === leafOfPath && r === st.run;
          const cls = "run" + (kind !== 1 ? " edge" : measured ? "" : " estimate") + (found ? " found" : "");
          const text = kind === 0 ? "header " + fmt(h) : kind === 2 ? "footer " + fmt(h) : (c > 1 ? "×" + fmt(c) + " · " : "") + fmt(h) + (measured ? "" : zh() ? " 预估" : " est");
          return '<span class="' + cls + '" data-run="' + r + '">' + text + "</span>";
        }).join("") + "</div>";
      }
      html += "</div>";
      if (!isLeaf && body.length) html += "<ul>" + body.map((child) => render(child, depth + 1)).join("") + "</ul>";
      return html + "</li>";
    };
    host.innerHTML = "<ul>" + render(st.tr, 0) + "</ul>";
  }

  // MARK: Wiring

  function buildTabs() {
    const tabs = $("scene-tabs");
    scenes.forEach((sc, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.scene = sc.key;
      button.innerHTML = '<span class="n">' + (index + 1) + "</span>" + escapeHTML(titleOf(sc));
      button.title = titleOf(sc) + " (key " + (index + 1) + ")";
      button.addEventListener("click", () => { pause(); go(index, 0); });
      tabs.appendChild(button);
    });
  }

  function wire() {
    $("first").addEventListener("click", () => { pause(); go(sceneIndex, 0); });
    $("back").addEventListener("click", () => { pause(); stepBy(-1); });
    $("forward").addEventListener("click", () => { pause(); stepBy(1); });
    $("last").addEventListener("click", () => { pause(); go(sceneIndex, scene().steps.length - 1); });
    $("play").addEventListener("click", togglePlay);
    for (const button of document.querySelectorAll(".lang button")) {
      button.addEventListener("click", () => setLanguage(button.dataset.lang));
    }
    $("speed").addEventListener("change", () => { if (playing) schedule(); });
    $("scrubber").addEventListener("input", (event) => { pause(); go(sceneIndex, parseInt(event.target.value, 10)); });
    window.addEventListener("hashchange", fromHash);
    let resizing = null;
    window.addEventListener("resize", () => {
      clearTimeout(resizing);
      resizing = setTimeout(() => {
        contentWidth = 0;
        renderContent(scene(), step());
      }, 100);
    });
    document.addEventListener("keydown", (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const tag = event.target && event.target.tagName;
      if (tag === "SELECT" && (event.key.startsWith("Arrow") || event.key === " ")) return;
      switch (event.key) {
        case "ArrowRight": pause(); stepBy(1); break;
        case "ArrowLeft": pause(); stepBy(-1); break;
        case "Home": pause(); go(sceneIndex, 0); break;
        case "End": pause(); go(sceneIndex, scene().steps.length - 1); break;
        case " ":
          if (tag === "BUTTON" || tag === "A" || tag === "SUMMARY") return;
          togglePlay();
          break;
        default:
          if (/^[1-9]$/.test(event.key) && parseInt(event.key, 10) <= scenes.length) {
            pause();
            go(parseInt(event.key, 10) - 1, 0);
            break;
          }
          return;
      }
      event.preventDefault();
    });
  }

  buildTabs();
  wire();
  applyLanguage();
  fromHash();
})();
