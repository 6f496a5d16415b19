// What the page holds: the table's state as the server last sent it, and the questions the page
// has open on it (each closed when the record leaves it: decision T26).
export const page = {
  S: null,            // the table's state (the server's TableState)
  lang: "ko",
  token: "",
  dealing: null,      // the deal being tapped: {targets:[{who, count}], at, picks:{key:[ids]}, unseen:{key:bool}}
  tallying: null,     // the tally being tapped: {at, piles:{player:[ids]}, goes, shakes, bombs, stop, cup}
  choosing: null,     // a play whose turn is being asked: {play, options, chosen:[], at}
  correcting: null,   // the index of the statement being corrected
  setupOpen: false,   // the set-up form opened for the next hand
  openKind: null,     // the kind of statement whose choices are shown
  months: {},         // the month picked in each card picker, by picker
  showGsn: false,     // the record shown as GSN under its sentences
  tapped: null,       // the part of the page the last tap was in: a refusal is said there
  unsure: null,       // a write whose answer never came: {state} the page had when it was sent
  unheard: new Set(), // indexes of statements recorded while this page was not connected
  writing: 0,         // this page's writes not answered yet: their answer brings the state (T65)
};

// when the last tap was, until what it changed is drawn
export const timing = { tapAt: null, answeredAt: null };   // answeredAt: when its answer was read

export function keeper() { return !!page.S && page.S.role === "scorekeeper"; }

export function forget(old) {
  // the questions the record has left behind once someone else wrote: closed, so that no stale
  // question stays open with buttons the table would refuse
  // Returns whether a question the person was answering was closed (the page then says why).
  const hand = page.S.hand, was = old ? old.hand : null;
  let closed = page.choosing !== null || page.correcting !== null;
  page.choosing = null; page.correcting = null; page.openKind = null;
  const same = hand && was && hand.number === was.number && !hand.statements.length && !was.statements.length;
  if (!same) {
    closed = closed || page.tallying !== null || (page.dealing !== null && Object.values(page.dealing.picks).some((p) => p.length));
    page.dealing = null; page.tallying = null;
  }
  if (hand && !hand.over) page.setupOpen = false;
  return closed;
}
