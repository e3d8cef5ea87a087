// The JSON API (docs/formats.md, "Review app API") as the page calls it, with the reviewer's
// token when a link carried one. The token is kept for the server's address (localStorage), so
// a new tab or a bookmark of the page acts for the same reviewer until a link brings another.

const token = (() => {
  const params = new URLSearchParams(location.search);
  if (params.get('token')) {
    localStorage.setItem('egkb.token', params.get('token'));
    history.replaceState(null, '', location.pathname + location.hash);
  }
  return localStorage.getItem('egkb.token') || '';
})();

// An answer the server did not give, or gave as a refusal. `retry`: the same request may
// succeed later unchanged (the server is gone or busy, or does not know this link's token
// since a restart); otherwise it never will (a refusal of the review rules, a read-only batch).
export class ApiError extends Error {
  constructor(message, status, data) {
    super(message);
    this.status = status;
    this.data = data || {};
    this.retry = status === 0 || status === 401 || status === 408 || status === 409
      || status === 429 || status >= 500;
  }
}

export async function api(method, path, body, signal) {
  const headers = {};
  if (token) headers['X-Egkb-Token'] = token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res;
  try {
    res = await fetch(path, {
      method, headers, signal, body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new ApiError(`the server does not answer (${e.message})`, 0);
  }
  const data = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
  if (!res.ok) throw new ApiError(data.error || `HTTP ${res.status}`, res.status, data);
  return data;
}
