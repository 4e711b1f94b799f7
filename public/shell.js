/*
 * The loading shell's script (issue #47), a file of its own so the Content-Security-Policy allows
 * no inline script (e2e/robust.spec.ts). It runs while index.html is parsed, before the app's
 * module: it shows the shell's line in the page's language — a link's ?lang=, the remembered
 * choice, the browser's languages, read as src/core/languages.ts reads them (BCP 47 tags through
 * Intl.Locale, likely subtags filled in) — preloads that language's catalogue chunk (the build
 * writes each language's chunk into this tag's data-lang-chunks: vite.config.ts), and, when a file
 * of the app fails to load before it mounts, says so with the reason.
 */
(function () {
  'use strict';
  var shell = document.querySelector('[data-testid="app-loading"]');
  if (!shell) return;
  function pick(tag) {
    if (!tag) return null;
    var l;
    try {
      l = new Intl.Locale(String(tag).trim().replace(/_/g, '-')).maximize();
    } catch {
      return null;
    }
    if (l.language === 'en') return 'en';
    if (l.language === 'zh') return l.script === 'Hant' ? 'zh-TW' : 'zh-CN';
    return null;
  }
  var link = null;
  try {
    link = new URLSearchParams(location.search).get('lang');
  } catch {
    /* no search to read */
  }
  var stored = null;
  try {
    stored = localStorage.getItem('tiles.lang');
  } catch {
    /* storage off */
  }
  var tags = [link, stored].concat(navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]);
  var lang = 'en';
  for (var i = 0; i < tags.length; i++) {
    var found = pick(tags[i]);
    if (found) {
      lang = found;
      break;
    }
  }
  document.documentElement.lang = lang;
  var chunks = {};
  try {
    chunks = JSON.parse((document.currentScript && document.currentScript.getAttribute('data-lang-chunks')) || '{}');
  } catch {
    chunks = {};
  }
  if (typeof chunks[lang] === 'string') {
    var preload = document.createElement('link');
    preload.rel = 'modulepreload';
    preload.href = chunks[lang];
    document.head.appendChild(preload);
  }
  shell.querySelectorAll('[data-lang]').forEach(function (p) {
    p.hidden = p.getAttribute('data-lang') !== lang;
  });
  function fail(reason) {
    if (!shell.isConnected) return;
    shell.setAttribute('data-state', 'failed');
    shell.setAttribute('role', 'alert');
    shell.querySelectorAll('[data-lang]').forEach(function (p) {
      p.hidden = true;
    });
    var line = shell.querySelector('[data-failed="' + lang + '"]');
    line.hidden = false;
    line.querySelector('span').textContent = reason;
  }
  window.addEventListener(
    'error',
    function (e) {
      var t = e.target;
      if (t && t !== window && (t.src || t.href)) fail((t.src || t.href) + ' did not load');
      else fail(e.message || String(e.error));
    },
    true,
  );
  window.addEventListener('unhandledrejection', function (e) {
    fail(e.reason && e.reason.message ? e.reason.message : String(e.reason));
  });
})();
