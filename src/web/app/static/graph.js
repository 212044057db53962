// Draws the link graph from the #graph-data island on a canvas with d3-force (served from
// node_modules): folders as colours, link types as edge styles, zoom (wheel, keys), pan (drag,
// arrows), click or Enter on a page to open it, filters by folder and link type. The layout runs a
// few ticks per frame within a time budget, so a brain of thousands of pages stays responsive
// while it settles. window.brainkeepGraph reports frame times (the browser tests read them).
// The same file is the layout's Web Worker: started as one (no window), it runs d3-force ticks in
// slices and posts the positions after each, with the one simulation both threads build.
(function () {
  'use strict';
  if (typeof window === 'undefined') {
    self.onmessage = layoutWorkerMessage;
    return;
  }
  var canvas = document.getElementById('graph');
  var island = document.getElementById('graph-data');
  if (!canvas || !island || !window.d3 || !window.d3.forceSimulation) return;
  var d3 = window.d3;
  var data = JSON.parse(island.textContent);
  var ctx = canvas.getContext('2d');
  var tip = document.getElementById('graph-tip');
  var filters = document.getElementById('graph-filters');
  if (filters) filters.hidden = false;

  var FOLDER_COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#393b79', '#637939'];
  var EDGE_STYLES = [
    { dash: [], colour: 'line' },
    { dash: [6, 4], colour: '#c2410c' },
    { dash: [2, 3], colour: '#15803d' },
    { dash: [8, 3, 2, 3], colour: '#7c3aed' },
    { dash: [1, 5], colour: '#0e7490' },
    { dash: [10, 5], colour: '#b45309' },
  ];

  var nodes = data.nodes.map(function (n, i) {
    return { i: i, path: n[0], title: n[1], folder: n[2], degree: n[3], r: 2.5 + Math.min(9, Math.sqrt(n[3]) * 1.3) };
  });
  var links = data.edges.map(function (e) {
    return { source: e[0], target: e[1], type: e[2] };
  });
  var folderOn = data.folders.map(function () { return true; });
  var typeOn = data.types.map(function () { return true; });
  var big = nodes.length > 800;
  // Labels for the best connected pages at any zoom; the rest when zoomed in.
  var labelled = nodes.slice().sort(function (a, b) { return b.degree - a.degree; }).slice(0, big ? 30 : 60);
  labelled.forEach(function (n) { n.hub = true; });

  var view = { x: 0, y: 0, k: 1 };
  var width = 0;
  var height = 0;
  var dpr = window.devicePixelRatio || 1;
  var theme = {};
  var dirty = true;
  var hover = null;
  var settled = false;
  var fitted = false;
  var userMoved = false;
  var stats = { frames: 0, drawMs: [], quickFrames: 0, ticks: 0, nodes: nodes.length, edges: links.length, settled: false, settleMs: null, layout: null };
  var started = performance.now();
  // While the reader zooms or pans a settled picture, frames move a snapshot of the last full
  // drawing (one drawImage) and the full drawing follows once they stop.
  var snap = document.createElement('canvas');
  var snapView = null;
  var movingUntil = 0;
  var MOVING_MS = 160;
  // While a large brain settles, its full drawing is redone at most this often (frames in between stay free).
  var SETTLING_DRAW_MS = big ? 250 : 0;
  var lastFull = 0;
  window.brainkeepGraph = stats;

  function readTheme() {
    var css = getComputedStyle(document.documentElement);
    theme.bg = css.getPropertyValue('--panel').trim() || '#fff';
    theme.ink = css.getPropertyValue('--ink').trim() || '#111';
    theme.line = css.getPropertyValue('--graph-line').trim() || '#9aa0a8';
    theme.focus = '#f0a400';
    dirty = true;
  }
  function resize() {
    var rect = canvas.getBoundingClientRect();
    width = Math.max(200, rect.width);
    height = Math.max(200, rect.height);
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    snapView = null;
    dirty = true;
  }
  readTheme();
  resize();
  window.addEventListener('resize', resize);
  if (window.matchMedia) {
    var scheme = window.matchMedia('(prefers-color-scheme: dark)');
    if (scheme.addEventListener) scheme.addEventListener('change', readTheme);
  }

  var params = {
    distance: big ? 30 : 60,
    linkStrength: big ? 0.4 : 0.7,
    charge: big ? -30 : -160,
    theta: big ? 1.2 : 0.9,
    distanceMax: big ? 400 : 800,
    centre: big ? 0.05 : 0.04,
    alphaDecay: big ? 0.055 : 0.03,
  };
  var reduced = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  // The layout runs on a worker (this file again, from this app like every script) when the
  // browser has them; here otherwise, a few ticks per frame.
  var sim = null;
  var layoutWorker = null;
  var haveLayout = false;
  var me = document.querySelector('script[src*="/graph.js"]');
  var vendor = Array.prototype.map.call(document.querySelectorAll('script[src*="/vendor/d3-"]'), function (s) {
    return s.src;
  });
  if (window.Worker && me && !reduced) {
    try {
      layoutWorker = new Worker(me.src);
    } catch (e) {
      layoutWorker = null;
    }
  }
  if (layoutWorker) {
    var pairs = new Int32Array(links.length * 2);
    links.forEach(function (l, i) {
      pairs[2 * i] = l.source;
      pairs[2 * i + 1] = l.target;
    });
    layoutWorker.onmessage = function (e) {
      var pos = e.data.positions;
      for (var i = 0; i < nodes.length; i++) {
        nodes[i].x = pos[2 * i];
        nodes[i].y = pos[2 * i + 1];
      }
      stats.ticks = e.data.ticks;
      stats.layout = 'worker';
      if (!haveLayout) {
        haveLayout = true;
        linkObjects();
      }
      if (!userMoved) fit();
      if (e.data.done) {
        finishLayout();
        layoutWorker.terminate();
      }
      dirty = true;
    };
    layoutWorker.onerror = function () {
      layoutWorker = null;
      startHere();
    };
    layoutWorker.postMessage({ vendor: vendor, params: params, count: nodes.length, links: pairs, focus: data.focus }, [pairs.buffer]);
  } else {
    startHere();
  }

  /** The layout on this thread (no worker, or reduced motion: then settled at once). */
  function startHere() {
    sim = forceSimulation(d3, nodes, links, params);
    stats.layout = 'page';
    haveLayout = true;
    if (data.focus != null && nodes[data.focus]) {
      nodes[data.focus].fx = 0;
      nodes[data.focus].fy = 0;
    }
    if (reduced) {
      sim.tick(big ? 120 : 300);
      finishLayout();
    }
  }

  /** Links as node objects (forceLink does this on this thread; the worker leaves them as indexes). */
  function linkObjects() {
    links.forEach(function (l) {
      if (typeof l.source === 'number') l.source = nodes[l.source];
      if (typeof l.target === 'number') l.target = nodes[l.target];
    });
  }

  function finishLayout() {
    settled = true;
    stats.settled = true;
    stats.settleMs = Math.round(performance.now() - started);
    if (data.focus != null && nodes[data.focus]) {
      nodes[data.focus].fx = null;
      nodes[data.focus].fy = null;
    }
    if (!userMoved) fit();
  }

  function visibleNode(n) {
    return folderOn[n.folder];
  }
  function visibleLink(l) {
    return typeOn[l.type] && visibleNode(l.source) && visibleNode(l.target);
  }

  function fit() {
    var minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, any = false;
    nodes.forEach(function (n) {
      if (!visibleNode(n)) return;
      any = true;
      if (n.x < minX) minX = n.x;
      if (n.y < minY) minY = n.y;
      if (n.x > maxX) maxX = n.x;
      if (n.y > maxY) maxY = n.y;
    });
    if (!any) return;
    var w = Math.max(40, maxX - minX);
    var h = Math.max(40, maxY - minY);
    view.k = Math.min(4, 0.9 * Math.min(width / w, height / h));
    view.x = width / 2 - view.k * (minX + w / 2);
    view.y = height / 2 - view.k * (minY + h / 2);
    fitted = true;
    dirty = true;
  }

  function quickDraw() {
    var t0 = performance.now();
    var scale = view.k / snapView.k;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = theme.bg;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(snap, dpr * (view.x - snapView.x * scale), dpr * (view.y - snapView.y * scale), snap.width * scale, snap.height * scale);
    stats.frames++;
    stats.quickFrames++;
    stats.drawMs.push(performance.now() - t0);
    if (stats.drawMs.length > 600) stats.drawMs.shift();
  }

  function takeSnapshot() {
    if (snap.width !== canvas.width || snap.height !== canvas.height) {
      snap.width = canvas.width;
      snap.height = canvas.height;
    }
    var sctx = snap.getContext('2d');
    sctx.clearRect(0, 0, snap.width, snap.height);
    sctx.drawImage(canvas, 0, 0);
    snapView = { x: view.x, y: view.y, k: view.k };
  }

  function draw() {
    var t0 = performance.now();
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = theme.bg;
    ctx.fillRect(0, 0, width, height);
    ctx.setTransform(dpr * view.k, 0, 0, dpr * view.k, dpr * view.x, dpr * view.y);
    var lw = 1 / view.k;
    // Edges: one path per link type (one stroke each, whatever the count).
    for (var t = 0; t < data.types.length; t++) {
      if (!typeOn[t]) continue;
      var style = EDGE_STYLES[t % EDGE_STYLES.length];
      ctx.beginPath();
      for (var j = 0; j < links.length; j++) {
        var l = links[j];
        if (l.type !== t || !visibleNode(l.source) || !visibleNode(l.target)) continue;
        ctx.moveTo(l.source.x, l.source.y);
        ctx.lineTo(l.target.x, l.target.y);
      }
      ctx.setLineDash(style.dash.map(function (d) { return d * lw; }));
      ctx.lineWidth = (t === 0 ? 0.8 : 1.4) * lw;
      ctx.strokeStyle = style.colour === 'line' ? theme.line : style.colour;
      ctx.globalAlpha = big ? 0.45 : 0.8;
      ctx.stroke();
    }
    ctx.setLineDash([]);
    ctx.globalAlpha = 1;
    // Nodes: one path per folder colour; zoomed in, a dot grows only as the square root of the zoom.
    var rs = view.k > 1 ? 1 / Math.sqrt(view.k) : 1;
    for (var f = 0; f < data.folders.length; f++) {
      if (!folderOn[f]) continue;
      ctx.beginPath();
      for (var k = 0; k < nodes.length; k++) {
        var n = nodes[k];
        if (n.folder !== f) continue;
        ctx.moveTo(n.x + n.r * rs, n.y);
        ctx.arc(n.x, n.y, n.r * rs, 0, 2 * Math.PI);
      }
      ctx.fillStyle = FOLDER_COLOURS[f % FOLDER_COLOURS.length];
      ctx.fill();
    }
    var marked = hover || (data.focus != null ? nodes[data.focus] : null);
    if (marked && visibleNode(marked)) {
      ctx.beginPath();
      ctx.arc(marked.x, marked.y, marked.r * rs + 3 * lw, 0, 2 * Math.PI);
      ctx.lineWidth = 2.5 * lw;
      ctx.strokeStyle = theme.focus;
      ctx.stroke();
    }
    // Labels: hubs always, every page once zoomed in far enough (only those on screen).
    ctx.font = 12 * lw + 'px system-ui, sans-serif';
    ctx.fillStyle = theme.ink;
    var showAll = view.k > (big ? 2.5 : 0.9);
    var x0 = -view.x / view.k, y0 = -view.y / view.k, x1 = x0 + width / view.k, y1 = y0 + height / view.k;
    var drawn = 0;
    var list = showAll ? nodes : labelled;
    for (var m = 0; m < list.length && drawn < 400; m++) {
      var p = list[m];
      if (!visibleNode(p) || p.x < x0 || p.x > x1 || p.y < y0 || p.y > y1) continue;
      ctx.fillText(p.title.length > 28 ? p.title.slice(0, 27) + '…' : p.title, p.x + p.r * rs + 2 * lw, p.y + 4 * lw);
      drawn++;
    }
    stats.frames++;
    stats.drawMs.push(performance.now() - t0);
    if (stats.drawMs.length > 600) stats.drawMs.shift();
  }

  function frame() {
    if (!haveLayout) {
      window.requestAnimationFrame(frame);
      return;
    }
    if (!settled && sim) {
      // As many layout ticks as fit in ~10 ms (at least one), then one draw.
      var start = performance.now();
      do {
        sim.tick();
        stats.ticks++;
      } while (performance.now() - start < 10 && sim.alpha() > sim.alphaMin());
      if (!userMoved && (!fitted || stats.ticks % 20 === 0)) fit();
      if (sim.alpha() <= sim.alphaMin()) finishLayout();
      dirty = true;
    }
    if (dirty && !settled && layoutWorker && performance.now() - lastFull < SETTLING_DRAW_MS) {
      window.requestAnimationFrame(frame);
      return;
    }
    if (dirty) {
      var moving = performance.now() < movingUntil;
      if (settled && moving && snapView) {
        quickDraw();
      } else {
        draw();
        lastFull = performance.now();
        if (settled && !moving && !hover) takeSnapshot();
      }
      // The full drawing once the movement stops.
      dirty = settled && moving;
    }
    window.requestAnimationFrame(frame);
  }
  window.requestAnimationFrame(frame);

  // Pointer: drag pans, a click (no drag) opens the page under it; the wheel zooms about the pointer.
  function toWorld(px, py) {
    return { x: (px - view.x) / view.k, y: (py - view.y) / view.k };
  }
  function nodeAt(px, py) {
    var w = toWorld(px, py);
    var best = null;
    var bestD = Infinity;
    for (var i = 0; i < nodes.length; i++) {
      var n = nodes[i];
      if (!visibleNode(n)) continue;
      var dx = n.x - w.x, dy = n.y - w.y;
      var d = dx * dx + dy * dy;
      var reach = n.r * (view.k > 1 ? 1 / Math.sqrt(view.k) : 1) + 4 / view.k;
      if (d < reach * reach && d < bestD) {
        best = n;
        bestD = d;
      }
    }
    return best;
  }
  function open(n) {
    window.location.href = data.base + encodeURIComponent(n.path);
  }
  var drag = null;
  // Two fingers on a touch screen pinch: the zoom follows their distance, about their midpoint.
  var touches = {};
  var pinch = null;
  function pinchState() {
    var ids = Object.keys(touches);
    if (ids.length !== 2) return null;
    var a = touches[ids[0]], b = touches[ids[1]];
    var rect = canvas.getBoundingClientRect();
    return { d: Math.hypot(a.x - b.x, a.y - b.y) || 1, x: (a.x + b.x) / 2 - rect.left, y: (a.y + b.y) / 2 - rect.top };
  }
  canvas.addEventListener('pointerdown', function (e) {
    touches[e.pointerId] = { x: e.clientX, y: e.clientY };
    pinch = pinchState();
    drag = pinch ? null : { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y, moved: false };
    canvas.setPointerCapture(e.pointerId);
  });
  canvas.addEventListener('pointercancel', function (e) {
    delete touches[e.pointerId];
    pinch = null;
    drag = null;
  });
  canvas.addEventListener('pointermove', function (e) {
    var rect = canvas.getBoundingClientRect();
    if (touches[e.pointerId]) touches[e.pointerId] = { x: e.clientX, y: e.clientY };
    if (pinch) {
      var now = pinchState();
      if (now) {
        zoomAt(now.x, now.y, now.d / pinch.d);
        view.x += now.x - pinch.x;
        view.y += now.y - pinch.y;
        pinch = now;
      }
      return;
    }
    if (drag) {
      var dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = userMoved = true;
      view.x = drag.vx + dx;
      view.y = drag.vy + dy;
      movingUntil = performance.now() + MOVING_MS;
      dirty = true;
      return;
    }
    var n = nodeAt(e.clientX - rect.left, e.clientY - rect.top);
    if (n !== hover) {
      hover = n;
      dirty = true;
      canvas.style.cursor = n ? 'pointer' : 'grab';
      if (tip) {
        tip.hidden = !n;
        if (n) {
          tip.textContent = n.title + ' · ' + n.path;
          tip.style.left = e.clientX - rect.left + 12 + 'px';
          tip.style.top = e.clientY - rect.top + 12 + 'px';
        }
      }
    }
  });
  canvas.addEventListener('pointerup', function (e) {
    delete touches[e.pointerId];
    if (pinch) {
      pinch = null;
      drag = null;
      return;
    }
    var rect = canvas.getBoundingClientRect();
    var wasDrag = drag && drag.moved;
    drag = null;
    if (wasDrag) return;
    var n = nodeAt(e.clientX - rect.left, e.clientY - rect.top);
    if (n) open(n);
  });
  canvas.addEventListener('pointerleave', function () {
    if (tip) tip.hidden = true;
    hover = null;
    dirty = true;
  });
  function zoomAt(px, py, factor) {
    var k = Math.min(40, Math.max(0.02, view.k * factor));
    view.x = px - ((px - view.x) * k) / view.k;
    view.y = py - ((py - view.y) * k) / view.k;
    view.k = k;
    userMoved = true;
    movingUntil = performance.now() + MOVING_MS;
    dirty = true;
  }
  canvas.addEventListener(
    'wheel',
    function (e) {
      e.preventDefault();
      var rect = canvas.getBoundingClientRect();
      zoomAt(e.clientX - rect.left, e.clientY - rect.top, Math.exp(-e.deltaY * 0.0015));
    },
    { passive: false },
  );
  // Keys on the focused picture: + and - zoom, arrows pan, 0 fits, Enter opens the page under focus ring.
  canvas.addEventListener('keydown', function (e) {
    var step = 60;
    if (tip) tip.hidden = true;
    if (e.key === '+' || e.key === '=') zoomAt(width / 2, height / 2, 1.25);
    else if (e.key === '-' || e.key === '_') zoomAt(width / 2, height / 2, 0.8);
    else if (e.key === 'ArrowLeft') view.x += step;
    else if (e.key === 'ArrowRight') view.x -= step;
    else if (e.key === 'ArrowUp') view.y += step;
    else if (e.key === 'ArrowDown') view.y -= step;
    else if (e.key === '0') fit();
    else if (e.key === 'Enter' && hover) open(hover);
    else return;
    e.preventDefault();
    userMoved = e.key !== '0';
    movingUntil = performance.now() + MOVING_MS;
    dirty = true;
  });

  if (filters) {
    filters.addEventListener('change', function (e) {
      var box = e.target;
      if (box.hasAttribute('data-folder')) folderOn[Number(box.getAttribute('data-folder'))] = box.checked;
      if (box.hasAttribute('data-type')) typeOn[Number(box.getAttribute('data-type'))] = box.checked;
      if (hover && !visibleNode(hover)) hover = null;
      snapView = null;
      dirty = true;
    });
  }

  stats.visibleEdges = function () {
    return links.filter(visibleLink).length;
  };
  stats.visibleNodes = function () {
    return nodes.filter(visibleNode).length;
  };
  /** Screen position of a page (tests click it). */
  stats.screenOf = function (path) {
    for (var i = 0; i < nodes.length; i++) {
      if (nodes[i].path === path) {
        var rect = canvas.getBoundingClientRect();
        return { x: rect.left + view.x + nodes[i].x * view.k, y: rect.top + view.y + nodes[i].y * view.k };
      }
    }
    return null;
  };
  stats.view = view;

  /** The force layout, stopped (the caller ticks it): the same on the page and on the worker. */
  function forceSimulation(d3, nodes, links, p) {
    return d3
      .forceSimulation(nodes)
      .force('link', d3.forceLink(links).distance(p.distance).strength(p.linkStrength))
      .force('charge', d3.forceManyBody().strength(p.charge).theta(p.theta).distanceMax(p.distanceMax))
      .force('x', d3.forceX(0).strength(p.centre))
      .force('y', d3.forceY(0).strength(p.centre))
      .alphaDecay(p.alphaDecay)
      .stop();
  }

  /** On the worker: lay out the posted graph in slices of ~30 ms, posting the positions after each. */
  function layoutWorkerMessage(event) {
    var m = event.data;
    self.importScripts.apply(null, m.vendor);
    var nodes = [];
    for (var i = 0; i < m.count; i++) nodes.push({ index: i });
    var links = [];
    for (var j = 0; j < m.links.length; j += 2) links.push({ source: m.links[j], target: m.links[j + 1] });
    if (m.focus != null) {
      nodes[m.focus].fx = 0;
      nodes[m.focus].fy = 0;
    }
    var sim = forceSimulation(self.d3, nodes, links, m.params);
    var ticks = 0;
    function slice() {
      var start = Date.now();
      do {
        sim.tick();
        ticks++;
      } while (Date.now() - start < 30 && sim.alpha() > sim.alphaMin());
      var done = sim.alpha() <= sim.alphaMin();
      var positions = new Float32Array(nodes.length * 2);
      for (var k = 0; k < nodes.length; k++) {
        positions[2 * k] = nodes[k].x;
        positions[2 * k + 1] = nodes[k].y;
      }
      self.postMessage({ positions: positions, ticks: ticks, done: done }, [positions.buffer]);
      // A short pause between slices leaves the page's own thread room on a busy machine.
      if (!done) setTimeout(slice, 8);
    }
    slice();
  }
})();
