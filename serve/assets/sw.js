// The review app's page without its server: a reload while the server is gone shows the app (its
// banner, the answers kept in this browser) instead of the browser's error page. The page and its
// scripts are fetched from the server first and kept as they came; only when the server does not
// answer are they taken from what was kept. The API is never kept: answers come from the server.
const CACHE = 'egkb-review-app';
const PAGE = [
  '/', '/app.css', '/app.js', '/api.js', '/dom.js', '/message.js', '/state.js', '/drafts.js',
  '/filters.js', '/history.js', '/queue_model.js', '/queue.js', '/hood.js', '/review.js',
  '/rows.js', '/row_card.js', '/node_panels.js', '/changes.js', '/submit.js', '/batches.js',
  '/agreement.js', '/board.js', '/exact.js', '/solved_line.js',
];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(PAGE)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin
    || !PAGE.includes(url.pathname)) return;
  // Kept by path: the page's address may carry a token or a row, which it reads itself.
  event.respondWith(fetch(event.request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((c) => c.put(url.pathname, copy));
    }
    return response;
  }).catch(() => caches.match(url.pathname).then((kept) => kept || Response.error())));
});
