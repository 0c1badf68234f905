// Card Table's service worker: after a first visit the game starts from this cache
// and plays with the network off. build.py writes dist/sw.js from this file with
// BUILD filled in: the build's version (a hash of every built file) and the files
// to precache. docs/runtime.md, "Service worker and offline", explains the choices.

const BUILD = { version: "unbuilt", precache: [] }; // build.py replaces this line

// The site's root (this file's folder): "/" or "/<repo>/" on GitHub Pages.
const SCOPE = new URL("./", self.location.href).href;
// Named per site root, so another Card Table on the same origin (another
// /<repo>/) and other apps' caches are never touched.
const OURS = `cardtable:${SCOPE}:`;
const CACHE = OURS + BUILD.version;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Plain requests (default cache mode): the HTTP cache already holds what the
      // boot just downloaded, so this revalidates instead of downloading it again.
      await cache.addAll(BUILD.precache.map((path) => new URL(path, SCOPE).href));
      await self.skipWaiting(); // a rebuild takes over without waiting for every tab to close
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const old = (await caches.keys()).filter((name) => name.startsWith(OURS) && name !== CACHE);
      await Promise.all(old.map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (!["GET", "HEAD"].includes(request.method) || !request.url.startsWith(SCOPE)) return;
  event.respondWith(answer(event));
});

async function answer(event) {
  const { request } = event;
  const cache = await caches.open(CACHE);
  const key = cacheKey(request);
  // Looked up by URL, so the cached GET also answers python-worker.js's HEAD checks.
  const hit = await cache.match(key);
  if (hit) return request.method === "HEAD" ? headersOnly(hit) : asAsked(request, hit);
  const response = await fetch(request);
  // Runtime caching: what no first visit needs (the strong Le Truc bot's policy in
  // data/, the in-memory IndexedDB) is kept once it has been used.
  if (request.method === "GET" && response.ok && response.type === "basic" && !response.redirected) {
    event.waitUntil(cache.put(key, response.clone())); // the page need not wait for it
  }
  return response;
}

// A page's address carries the game and options in its query (?game=le_truc), and a
// worker's first module the page's navigator hints (worker-navigator.js): every such
// address is the same file, since a static site's files never vary by query.
function cacheKey(request) {
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  if (request.mode !== "navigate") return url.href;
  // A folder's address (the site's root, ja/, a game's own page play/<game>/<lang>/)
  // is its index.html.
  return url.pathname.endsWith("/") ? url.href + "index.html" : url.href;
}

// The cached response for an address with a query, as a response of its own: a
// module takes its import.meta.url from its response's URL, and a worker's first
// module reads the page's hints from that query (worker-navigator.js).
function asAsked(request, response) {
  if (response.url === request.url || request.mode === "navigate") return response;
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

function headersOnly(response) {
  return new Response(null, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
