// The similarity report's and side-by-side view's one script (loaded by both pages, from this
// extension's media folder only: see src/core/similarity/report-html.ts). The report: the threshold
// slider hides pairs below it and asks the extension for the clusters at it; a pair row opens the
// side-by-side view. The side-by-side view: a region clicked on one side reveals its partner.
(function () {
  const vscode = acquireVsCodeApi();
  const post = (m) => vscode.postMessage(m);

  function setupReport() {
    const slider = document.getElementById('threshold');
    const value = document.getElementById('threshold-value');
    let timer;
    function filter() {
      const t = Number(slider.value) / 100;
      value.textContent = slider.value + '%';
      let visible = 0;
      document.querySelectorAll('#pairs tbody tr').forEach((tr) => {
        const show = Number(tr.dataset.sim) >= t;
        tr.hidden = !show;
        if (show) visible++;
      });
      return visible;
    }
    slider.addEventListener('input', () => {
      const visible = filter();
      clearTimeout(timer);
      timer = setTimeout(() => post({ type: 'threshold', value: Number(slider.value) / 100, visible }), 150);
    });
    const open = (tr) => tr && tr.dataset.a && post({ type: 'open-pair', a: tr.dataset.a, b: tr.dataset.b });
    document.getElementById('report').addEventListener('click', (e) => open(e.target.closest('#pairs tbody tr')));
    document.getElementById('report').addEventListener('keydown', (e) => {
      if (e.key === 'Enter') open(e.target.closest('#pairs tbody tr'));
    });
    for (const [id, type] of [
      ['csv', 'export-csv'],
      ['json', 'export-json'],
      ['base', 'choose-base'],
      ['clear-base', 'clear-base'],
    ]) {
      const b = document.getElementById(id);
      if (b) b.addEventListener('click', () => post({ type }));
    }
    window.addEventListener('message', (e) => {
      const m = e.data;
      if (m && m.type === 'clusters') document.getElementById('clusters').innerHTML = m.html;
      // The summary counts the pairs shown and hidden at the threshold just chosen.
      if (m && m.type === 'clusters' && typeof m.summary === 'string') document.getElementById('summary').textContent = m.summary;
      if (m && m.type === 'report') {
        document.getElementById('report').innerHTML = m.html;
        filter();
      }
    });
    post({ type: 'rendered', visible: filter() });
  }

  function setupPair() {
    const sides = document.querySelector('.sides');
    function reveal(mark) {
      const id = mark.dataset.r;
      const side = mark.closest('section').dataset.side;
      const other = document.querySelector(`section[data-side="${side === 'a' ? 'b' : 'a'}"] mark[data-r="${id}"]`);
      document.querySelectorAll('mark.active').forEach((m) => m.classList.remove('active'));
      mark.classList.add('active');
      if (other) {
        other.classList.add('active');
        other.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      }
      post({ type: 'revealed', region: Number(id), from: side });
    }
    sides.addEventListener('click', (e) => {
      const m = e.target.closest('mark');
      if (m) reveal(m);
    });
    sides.addEventListener('keydown', (e) => {
      const m = e.target.closest('mark');
      if (m && e.key === 'Enter') reveal(m);
    });
    post({ type: 'rendered', regions: document.querySelectorAll('section[data-side="a"] mark').length });
  }

  if (document.querySelector('[data-view="pair"]')) setupPair();
  else setupReport();
})();
