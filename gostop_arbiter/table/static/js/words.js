// What the page says, in the language chosen: the server's catalogue of sentences, the game's
// terms, the kinds of statement, and the cards' names and faces (gostop_arbiter/card_names.py).
import { page } from "./state.js";

export let W = { words: {}, terms: {}, moves: {}, cards: {}, months: {}, knobs: [], rules: {} };
let FACES = {};

export function w(key, vars) {
  let text = W.words[key] || key;
  for (const [k, v] of Object.entries(vars || {})) text = text.split("{" + k + "}").join(String(v));
  return text;
}
export function term(code) { return W.terms[code] || code; }
export function cardName(code) { return (W.cards[code] || {}).name || code; }
export function longName(code) { return (W.cards[code] || {}).long || code; }
// a Korean name is one word (8광 3피), an English one two (8 bright): its list takes commas (T70)
export function cardsNamed(codes) { return codes.map(cardName).join(page.lang === "ko" ? " " : ", "); }
export function face(code) { return FACES[code]; }

export async function loadWords(ask) {
  const [words, faces] = await Promise.all([ask("/api/words"), ask("/api/faces")]);
  if (words.ok) W = await words.json();
  if (faces.ok) FACES = await faces.json();
  document.documentElement.lang = page.lang;
  document.querySelectorAll("[data-w]").forEach((n) => { n.textContent = w(n.dataset.w); });
  document.getElementById("lang").textContent = w("language");
  document.getElementById("lang").lang = page.lang === "ko" ? "en" : "ko";
}
