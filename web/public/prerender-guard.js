/* The page was pre-rendered for a visitor in its language: a signed-in player (a session token)
   or a visitor whose saved language is another one gets the boot screen instead, as before. */
/* global document, localStorage, sessionStorage */
(function () {
  var html = document.documentElement, lang = html.getAttribute('data-prerendered');
  if (!lang) return;
  try {
    var saved = localStorage.getItem('hisLang');
    if (sessionStorage.getItem('token') || (saved && saved.toUpperCase() !== lang)) html.setAttribute('data-plain', '');
  } catch {
    html.setAttribute('data-plain', '');
  }
})();
