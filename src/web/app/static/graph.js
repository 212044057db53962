// Draws the link graph from the #graph-data island with d3-force (served from node_modules).
(function () {
  'use strict';
  var svg = document.getElementById('graph');
  var island = document.getElementById('graph-data');
  if (!svg || !island || !window.d3 || !window.d3.forceSimulation) return;
  var data = JSON.parse(island.textContent);
  var NS = 'http://www.w3.org/2000/svg';
  var width = svg.clientWidth || 800;
  var height = svg.clientHeight || 560;
  svg.setAttribute('viewBox', [-width / 2, -height / 2, width, height].join(' '));

  var nodes = data.nodes.map(function (n) {
    return { id: n.path, title: n.title || n.path, depth: n.depth };
  });
  var known = {};
  nodes.forEach(function (n) {
    known[n.id] = true;
  });
  var links = data.edges
    .filter(function (e) {
      return known[e.from] && known[e.to];
    })
    .map(function (e) {
      return { source: e.from, target: e.to };
    });

  var lineLayer = document.createElementNS(NS, 'g');
  var nodeLayer = document.createElementNS(NS, 'g');
  svg.appendChild(lineLayer);
  svg.appendChild(nodeLayer);

  var lines = links.map(function () {
    var line = document.createElementNS(NS, 'line');
    lineLayer.appendChild(line);
    return line;
  });
  var groups = nodes.map(function (n) {
    var a = document.createElementNS(NS, 'a');
    a.setAttribute('href', data.hrefs[n.id]);
    var title = document.createElementNS(NS, 'title');
    title.textContent = n.title + ' (' + n.id + ')';
    var circle = document.createElementNS(NS, 'circle');
    circle.setAttribute('r', n.depth === 0 ? 9 : 6);
    circle.setAttribute('class', 'd' + Math.min(n.depth, 2));
    var label = document.createElementNS(NS, 'text');
    label.setAttribute('x', 11);
    label.setAttribute('y', 4);
    label.textContent = n.title.length > 32 ? n.title.slice(0, 31) + '…' : n.title;
    a.appendChild(title);
    a.appendChild(circle);
    a.appendChild(label);
    nodeLayer.appendChild(a);
    return a;
  });

  var sim = window.d3
    .forceSimulation(nodes)
    .force('link', window.d3.forceLink(links).id(function (d) { return d.id; }).distance(90))
    .force('charge', window.d3.forceManyBody().strength(-220))
    .force('center', window.d3.forceCenter(0, 0))
    .force('collide', window.d3.forceCollide(18))
    .on('tick', draw);

  // Keep the picture still for people who ask for reduced motion: settle first, then draw once.
  if (window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    sim.stop();
    sim.tick(300);
    draw();
  }

  function draw() {
    links.forEach(function (l, i) {
      lines[i].setAttribute('x1', l.source.x);
      lines[i].setAttribute('y1', l.source.y);
      lines[i].setAttribute('x2', l.target.x);
      lines[i].setAttribute('y2', l.target.y);
    });
    nodes.forEach(function (n, i) {
      groups[i].setAttribute('transform', 'translate(' + n.x + ',' + n.y + ')');
    });
  }
})();
