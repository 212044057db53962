// The graph's force layout on a worker thread (started by graph.js), so the page stays responsive
// while a large brain settles: it runs d3-force ticks in slices and posts the positions after each.
/* global importScripts */
self.onmessage = function (event) {
  'use strict';
  var m = event.data;
  importScripts.apply(null, m.vendor);
  var d3 = self.d3;
  var p = m.params;
  var nodes = [];
  for (var i = 0; i < m.count; i++) nodes.push({ index: i });
  var links = [];
  for (var j = 0; j < m.links.length; j += 2) links.push({ source: m.links[j], target: m.links[j + 1] });
  if (m.focus != null) {
    nodes[m.focus].fx = 0;
    nodes[m.focus].fy = 0;
  }
  var sim = d3
    .forceSimulation(nodes)
    .force('link', d3.forceLink(links).distance(p.distance).strength(p.linkStrength))
    .force('charge', d3.forceManyBody().strength(p.charge).theta(p.theta).distanceMax(p.distanceMax))
    .force('x', d3.forceX(0).strength(p.centre))
    .force('y', d3.forceY(0).strength(p.centre))
    .alphaDecay(p.alphaDecay)
    .stop();
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
};
