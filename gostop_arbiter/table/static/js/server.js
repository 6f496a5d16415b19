// The page's requests to the table: its link's token in a header, never in the address (T17), and
// the table's stream of states, read with fetch for the same reason (an EventSource sends no header).
import { page, timing } from "./state.js";

const SILENCE = 12000;   // the table sends something every 5 s: this long without a word, it is gone
const PATIENCE = 8000;   // a request the table answers in milliseconds: this long unanswered, it is hung

function api(path) { return path + (path.includes("?") ? "&" : "?") + "lang=" + page.lang; }

export function ask(path, init) {
  const headers = Object.assign({}, (init && init.headers) || {}, page.token ? { "x-table-token": page.token } : {});
  return fetch(api(path), Object.assign({}, init || {}, { headers }));
}

// a request that is given up after PATIENCE: a table whose computer hangs (asleep, stopped) keeps
// the connection open and never answers, and the tap must not wait for it in silence
function patiently(path, init) {
  const signal = AbortSignal.timeout(PATIENCE);
  return ask(path, Object.assign({}, init || {}, { signal }));
}

export function post(path, body) {
  return patiently(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

// a write that names the revision it follows: {ok, status, data} once answered, or {lost: true}
// when no answer came (the write may have reached the table all the same: T23)
export async function write(path, body) {
  let answer;
  try {
    answer = await post(path, Object.assign({ after: page.S ? page.S.revision : "" }, body));
  } catch (e) {
    return { lost: true };
  }
  let data;
  try { data = await answer.json(); } catch (e) {
    if (e.name === "TimeoutError" || e.name === "AbortError") return { lost: true };   // hung half-way
    data = { message: answer.statusText };
  }
  answered();
  return { ok: answer.ok, status: answer.status, data };
}

// a read of the page's own: the answer's JSON, or null with why ({lost} or {status, data})
export async function read(path, init) {
  let answer;
  try { answer = await patiently(path, init); } catch (e) { return { lost: true }; }
  let data;
  try { data = await answer.json(); } catch (e) {
    if (e.name === "TimeoutError" || e.name === "AbortError") return { lost: true };
    data = { message: answer.statusText };
  }
  answered();
  return answer.ok ? { ok: true, data } : { status: answer.status, data };
}

// a tap's answer read: the time its wait ended, for the tap's measure (settle, in draw.js)
function answered() { if (timing.tapAt !== null) timing.answeredAt = performance.now(); }

export const pause = (ms) => new Promise((done) => setTimeout(done, ms));

// the table's states, one by one, to heard(state), while the stream lasts; resolves when it drops
// (or stays silent too long). Returns the refusal's {status, data} when the stream is refused.
export async function follow(heard, opened) {
  const stop = new AbortController();
  let answer;
  try { answer = await ask("/api/events", { signal: stop.signal }); } catch (e) { return { lost: true }; }
  if (!answer.ok) return { status: answer.status, data: await answer.json().catch(() => ({ message: answer.statusText })) };
  await opened();
  const reader = answer.body.getReader(), decoder = new TextDecoder();
  let buffer = "", quiet = null;
  const hush = () => { clearTimeout(quiet); quiet = setTimeout(() => stop.abort(), SILENCE); };
  const gone = () => stop.abort();
  window.addEventListener("offline", gone);
  try {
    for (;;) {
      hush();
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame.split("\n").filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).join("\n");
        if (data) heard(JSON.parse(data));
      }
    }
  } catch (e) { /* the connection dropped, or went silent */ }
  clearTimeout(quiet);
  window.removeEventListener("offline", gone);
  return { lost: true };
}
