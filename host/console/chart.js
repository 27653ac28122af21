// The balance-history chart: inline SVG built with the DOM (no library). One line per series;
// the SVG is role="img" with a text alternative naming the last balance, and a table of the same
// numbers follows for screen readers.
'use strict';
(function (FI) {
  const NS = 'http://www.w3.org/2000/svg';
  function s(tag, attrs, ...children) {
    const el = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, String(v));
    for (const c of children) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
    return el;
  }

  // points: [{date, values: {total: cents, ...}}] oldest first; series: [{key, label, cls, color}]
  FI.balanceChart = function balanceChart(points, series, lastText) {
    const W = 640, H = 240, L = 8, R = 8, T = 12, B = 24;
    const all = [];
    for (const p of points) for (const se of series) all.push(p.values[se.key]);
    let min = Math.min(0, ...all), max = Math.max(0, ...all);
    if (min === max) max = min + 1;
    const x = (i) => L + (points.length <= 1 ? (W - L - R) / 2 : i * (W - L - R) / (points.length - 1));
    const y = (v) => T + (max - v) * (H - T - B) / (max - min);
    const title = s('title', {id: 'chart-title'}, lastText);
    const svg = s('svg', {viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-labelledby': 'chart-title',
      preserveAspectRatio: 'none', focusable: 'false'}, title);
    svg.append(s('line', {x1: L, x2: W - R, y1: y(0), y2: y(0), stroke: '#8a949e', 'stroke-width': 1,
      'stroke-dasharray': '4 3'}));
    for (const se of series) {
      const pts = points.map((p, i) => `${x(i).toFixed(1)},${y(p.values[se.key]).toFixed(1)}`).join(' ');
      svg.append(s('polyline', {points: pts, fill: 'none', stroke: se.color, 'stroke-width': 2.5,
        'vector-effect': 'non-scaling-stroke', 'data-series': se.key}));
      if (points.length) {
        const last = points.length - 1;
        svg.append(s('circle', {cx: x(last), cy: y(points[last].values[se.key]), r: 3.5, fill: se.color}));
      }
    }
    if (points.length) {
      svg.append(s('text', {x: L, y: H - 6, 'font-size': 12, fill: '#5f6b76'}, points[0].date));
      svg.append(s('text', {x: W - R, y: H - 6, 'font-size': 12, fill: '#5f6b76', 'text-anchor': 'end'},
        points[points.length - 1].date));
    }
    const legend = FI.h('p', {class: 'legend', 'aria-hidden': 'true'},
      series.map((se) => FI.h('span', {class: se.cls}, '■ ' + se.label)));
    return FI.h('figure', {class: 'chart'}, svg, legend,
      FI.h('figcaption', {id: 'chart-last'}, lastText));
  };
})(window.FI);
