// The page's words in Czech, Slovak and English; the language follows the browser's unless
// the player chose one.
"use strict";
const STRINGS = {
  cs: {
    title: "Dáma", language: "Jazyk", newGame: "Nová hra", variant: "Varianta", level: "Síla počítače",
    colour: "Vaše barva", white: "bílé", black: "černé", random: "los", playEngine: "Hrát proti počítači",
    playFriend: "Hrát s přítelem přes kód", joinCode: "Kód místnosti", join: "Připojit se",
    roomCode: "Kód místnosti", hint: "Rada", undo: "Zpět o tah", flip: "Otočit", resign: "Vzdát se",
    counters: "Pravidla remízy", pdn: "PDN", copy: "Kopírovat", download: "Stáhnout", board: "Deska",
    yourTurn: "Jste na tahu ({side}).", theirTurn: "Na tahu je soupeř ({side}).", thinking: "Počítač přemýšlí…",
    waitFriend: "Čeká se na přítele: pošlete mu kód nebo odkaz.", mustCapture: "Musíte brát: kameny, které mohou brát, jsou označeny.",
    youWin: "Vyhráli jste!", youLose: "Prohráli jste.", draw: "Remíza.", whiteWins: "Vyhrály bílé.", blackWins: "Vyhrály černé.",
    illegal: "Tento tah nejde: {why}", twoPaths: "Do tohoto pole vedou dvě cesty: klepněte nejprve na pole prvního skoku.",
    hintPiece: "Rada: táhněte označeným kamenem (další Rada ukáže cestu).", hintPath: "Rada: cesta je vyznačena.",
    confirmResign: "Opravdu se vzdát?", copied: "PDN zkopírováno.", here: "přítel je tu", waiting: "čeká se na přítele",
    away: "přítel vypadl, čeká se ještě {s} s", engine: "za přítele hraje počítač, dokud se nevrátí",
    opponentBack: "", side_white: "bílé", side_black: "černé",
    c_no_pieces: "{side} nemají žádné kameny.", c_blocked: "{side} nemohou táhnout.", c_crowned: "{side} získaly dámu.",
    c_repetition: "Stejná pozice se opakovala.", c_no_progress: "Pravidlo 15 tahů: nikdo netáhl kamenem ani nebral.",
    c_endgame: "Pravidlo koncovky ({text}).", c_resigned: "{side} se vzdaly.", c_other: "{text}",
    rep: "Opakování: tato pozice nastala {seen}× (remíza při {needed}.)",
    quiet: "Bez tahu kamenem a bez braní: {n} z {limit} půltahů", quietCap: "Bez braní: {n} z {limit} půltahů",
    endgame: "Koncovka {label}: {played} z {plies} půltahů", noEndgame: "Počítadlo koncovky neběží.", noRules: "Tato varianta nemá pravidla remízy.",
    cursor: "{sq}: {what}", empty: "prázdné", man_w: "bílý kámen", man_b: "černý kámen", king_w: "bílá dáma", king_b: "černá dáma",
    notYourTurn: "Teď nejste na tahu.", selectPiece: "Vyberte svůj kámen.", resumeFailed: "Uloženou hru nelze obnovit.",
    busy: "Server je vytížen, zkuste to za chvíli.", connecting: "Připojuji…", disconnected: "Spojení přerušeno, připojuji znovu…",
    levelN: "Úroveň {n}"
  },
  sk: {
    title: "Dáma", language: "Jazyk", newGame: "Nová hra", variant: "Variant", level: "Sila počítača",
    colour: "Tvoja farba", white: "biele", black: "čierne", random: "žreb", playEngine: "Hrať proti počítaču",
    playFriend: "Hrať s priateľom cez kód", joinCode: "Kód miestnosti", join: "Pripojiť sa",
    roomCode: "Kód miestnosti", hint: "Rada", undo: "Späť o ťah", flip: "Otočiť", resign: "Vzdať sa",
    counters: "Pravidlá remízy", pdn: "PDN", copy: "Kopírovať", download: "Stiahnuť", board: "Doska",
    yourTurn: "Si na ťahu ({side}).", theirTurn: "Na ťahu je súper ({side}).", thinking: "Počítač premýšľa…",
    waitFriend: "Čaká sa na priateľa: pošli mu kód alebo odkaz.", mustCapture: "Musíš brať: kamene, ktoré môžu brať, sú označené.",
    youWin: "Vyhral si!", youLose: "Prehral si.", draw: "Remíza.", whiteWins: "Vyhrali biele.", blackWins: "Vyhrali čierne.",
    illegal: "Tento ťah nejde: {why}", twoPaths: "Do tohto poľa vedú dve cesty: ťukni najprv na pole prvého skoku.",
    hintPiece: "Rada: ťahaj označeným kameňom (ďalšia Rada ukáže cestu).", hintPath: "Rada: cesta je vyznačená.",
    confirmResign: "Naozaj sa vzdať?", copied: "PDN skopírované.", here: "priateľ je tu", waiting: "čaká sa na priateľa",
    away: "priateľovi vypadlo spojenie, čaká sa ešte {s} s", engine: "za priateľa ťahá počítač, kým sa nevráti",
    opponentBack: "", side_white: "biele", side_black: "čierne",
    c_no_pieces: "{side} nemajú žiadne kamene.", c_blocked: "{side} nemôžu ťahať.", c_crowned: "{side} získali dámu.",
    c_repetition: "Tá istá pozícia sa opakovala.", c_no_progress: "Pravidlo 15 ťahov: nikto neťahal kameňom ani nebral.",
    c_endgame: "Pravidlo koncovky ({text}).", c_resigned: "{side} sa vzdali.", c_other: "{text}",
    rep: "Opakovanie: táto pozícia nastala {seen}× (remíza pri {needed}.)",
    quiet: "Bez ťahu kameňom a bez brania: {n} z {limit} polťahov", quietCap: "Bez brania: {n} z {limit} polťahov",
    endgame: "Koncovka {label}: {played} z {plies} polťahov", noEndgame: "Počítadlo koncovky nebeží.", noRules: "Tento variant nemá pravidlá remízy.",
    cursor: "{sq}: {what}", empty: "prázdne", man_w: "biely kameň", man_b: "čierny kameň", king_w: "biela dáma", king_b: "čierna dáma",
    notYourTurn: "Teraz nie si na ťahu.", selectPiece: "Vyber svoj kameň.", resumeFailed: "Uloženú hru nemožno obnoviť.",
    busy: "Server je vyťažený, skús to o chvíľu.", connecting: "Pripájam…", disconnected: "Spojenie prerušené, pripájam znova…",
    levelN: "Úroveň {n}"
  },
  en: {
    title: "Draughts", language: "Language", newGame: "New game", variant: "Variant", level: "Computer level",
    colour: "Your colour", white: "white", black: "black", random: "random", playEngine: "Play the computer",
    playFriend: "Play a friend by code", joinCode: "Room code", join: "Join",
    roomCode: "Room code", hint: "Hint", undo: "Undo", flip: "Flip", resign: "Resign",
    counters: "Draw rules", pdn: "PDN", copy: "Copy", download: "Download", board: "Board",
    yourTurn: "Your move ({side}).", theirTurn: "Your opponent's move ({side}).", thinking: "The computer is thinking…",
    waitFriend: "Waiting for your friend: send the code or the link.", mustCapture: "You must capture: the pieces that can are marked.",
    youWin: "You win!", youLose: "You lose.", draw: "Draw.", whiteWins: "White wins.", blackWins: "Black wins.",
    illegal: "That move is not allowed: {why}", twoPaths: "Two paths lead to that square: tap the square of the first jump first.",
    hintPiece: "Hint: move the marked piece (Hint again shows the path).", hintPath: "Hint: the path is marked.",
    confirmResign: "Really resign?", copied: "PDN copied.", here: "your friend is here", waiting: "waiting for your friend",
    away: "your friend dropped out, waiting {s} s more", engine: "the computer plays for your friend until he is back",
    opponentBack: "", side_white: "white", side_black: "black",
    c_no_pieces: "{side} has no pieces left.", c_blocked: "{side} cannot move.", c_crowned: "{side} crowned a king.",
    c_repetition: "The same position occurred again ({text}).", c_no_progress: "No man move and no capture for too long ({text}).",
    c_endgame: "Endgame rule ({text}).", c_resigned: "{side} resigned.", c_other: "{text}",
    rep: "Repetition: this position has occurred {seen} times (draw at {needed})",
    quiet: "Without a man move or a capture: {n} of {limit} plies", quietCap: "Without a capture: {n} of {limit} plies",
    endgame: "Endgame {label}: {played} of {plies} plies", noEndgame: "The endgame counter is not running.", noRules: "This variant has no draw rules.",
    cursor: "{sq}: {what}", empty: "empty", man_w: "white man", man_b: "black man", king_w: "white king", king_b: "black king",
    notYourTurn: "It is not your move.", selectPiece: "Choose one of your pieces.", resumeFailed: "The saved game could not be resumed.",
    busy: "The server is busy: try again in a moment.", connecting: "Connecting…", disconnected: "Connection lost, reconnecting…",
    levelN: "Level {n}"
  }
};

// The variants' names as players know them, by dama's name; a variant without a name of its
// own in a language shows the English one (or dama's name where there is none).
const VARIANT_NAMES = {
  cs: {
    czech: "Česká dáma", russian: "Ruská dáma", brazilian: "Brazilská dáma", english: "Anglická dáma",
    international: "Mezinárodní dáma", mala: "Malá dáma", zrava: "Žravá dáma", giveaway: "Žravá americká dáma",
    italian: "Italská dáma", spanish: "Španělská dáma", portuguese: "Portugalská dáma", thai: "Thajská dáma",
    corner: "Rohová dáma", oneway: "Jednosměrná dáma", parachute: "Parašutistická dáma", turkish: "Turecká dáma",
    canadian: "Kanadská dáma", frisian: "Fríská dáma", gothic: "Gotická dáma", alquerque: "Alkerk",
  },
  sk: {
    czech: "Česká dáma", russian: "Ruská dáma", brazilian: "Brazílska dáma", english: "Anglická dáma",
    international: "Medzinárodná dáma", mala: "Malá dáma", zrava: "Žravá dáma", giveaway: "Žravá americká dáma",
    italian: "Talianska dáma", spanish: "Španielska dáma", portuguese: "Portugalská dáma", thai: "Thajská dáma",
    corner: "Rohová dáma", oneway: "Jednosmerná dáma", parachute: "Parašutistická dáma", turkish: "Turecká dáma",
    canadian: "Kanadská dáma", frisian: "Frízska dáma", gothic: "Gotická dáma", alquerque: "Alkerk",
  },
  en: {
    czech: "Czech draughts", russian: "Russian draughts", brazilian: "Brazilian draughts", pool: "Pool checkers",
    english: "English draughts (checkers)", international: "International draughts", mala: "Malá dáma",
    zrava: "Žravá dáma (Czech giveaway)", giveaway: "Giveaway checkers", antidraughts: "Antidraughts",
    breakthrough: "Breakthrough", italian: "Italian draughts", spanish: "Spanish draughts",
    portuguese: "Portuguese draughts", thai: "Thai draughts (Mak-hot)", killer: "Killer draughts",
    corner: "Corner checkers", oneway: "One-way checkers", parachute: "Parachute checkers",
    turkish: "Turkish draughts", canadian: "Canadian draughts", frisian: "Frisian draughts", frysk: "Frysk!",
    dameo: "Dameo", gothic: "Gothic checkers", hawaiian: "Hawaiian checkers (Konane)", alquerque: "Alquerque",
  },
};

function variantName(v) {
  return (VARIANT_NAMES[LANG] && VARIANT_NAMES[LANG][v]) || VARIANT_NAMES.en[v] || v;
}

let LANG = "cs";

function chooseLanguage() {
  const saved = localStorage.getItem("dama.lang");
  if (saved && STRINGS[saved]) return saved;
  for (const l of navigator.languages || [navigator.language || ""]) {
    const code = String(l).slice(0, 2).toLowerCase();
    if (STRINGS[code]) return code;
  }
  return "cs";
}

function t(key, params) {
  let s = (STRINGS[LANG] && STRINGS[LANG][key]) || STRINGS.en[key] || key;
  for (const [k, v] of Object.entries(params || {})) s = s.split("{" + k + "}").join(String(v));
  return s;
}

function applyLanguage(lang) {
  LANG = STRINGS[lang] ? lang : "cs";
  document.documentElement.lang = LANG;
  document.querySelectorAll("[data-i18n]").forEach(el => { el.textContent = t(el.dataset.i18n); });
  document.querySelectorAll("#variant option").forEach(o => { o.textContent = variantName(o.value); });
  document.title = t("title");
}

// The rules core's reasons for an illegal move are English; their common phrases in Czech
// and Slovak (a phrase without a translation stays English).
const REASONS = {
  cs: [
    [/there is no piece on (\w+)/g, "na $1 nestojí žádná figura"], [/(white|black) is to move/g, (m, s) => "na tahu jsou " + (s === "white" ? "bílé" : "černé")],
    [/the piece on (\w+) is (white|black), but/g, (m, q, s) => `figura na ${q} je ${s === "white" ? "bílá" : "černá"}, ale`],
    [/a king must capture when a king can \(king priority\)/g, "když může brát dáma, musí brát dáma"],
    [/a capture is compulsory and it must take the most pieces \((\d+) here\)/g, "braní je povinné a musí vzít nejvíc figur (zde $1)"],
    [/a capture is compulsory/g, "braní je povinné"], [/men do not capture backward/g, "kameny neberou dozadu"],
    [/men do not move backward/g, "kameny netáhnou dozadu"], [/kings move one square/g, "dáma táhne jen o jedno pole"],
    [/there is nothing to capture here/g, "tady není co brát"], [/the capture must be completed; from (\w+) it goes on, as in/g, "braní se musí dokončit: z $1 pokračuje, jako"],
    [/the piece on (\w+)/g, "figura na $1"], [/ cannot reach /g, " nedojde na "], [/\bit can play /g, "může hrát "], [/\bit cannot move/g, "nemůže táhnout"], [/ can play /g, " může hrát "], [/ cannot move/g, " nemůže táhnout"],
    [/(\w+) is not empty/g, "$1 není prázdné"], [/, e\.g\. /g, ", např. "], [/ or /g, " nebo "], [/the game is over/g, "hra skončila"],
    [/ is ambiguous: it could be /g, " není jednoznačný: může to být "],
  ],
  sk: [
    [/there is no piece on (\w+)/g, "na $1 nestojí žiadna figúra"], [/(white|black) is to move/g, (m, s) => "na ťahu sú " + (s === "white" ? "biele" : "čierne")],
    [/the piece on (\w+) is (white|black), but/g, (m, q, s) => `figúra na ${q} je ${s === "white" ? "biela" : "čierna"}, ale`],
    [/a king must capture when a king can \(king priority\)/g, "keď môže brať dáma, musí brať dáma"],
    [/a capture is compulsory and it must take the most pieces \((\d+) here\)/g, "branie je povinné a musí vziať najviac figúr (tu $1)"],
    [/a capture is compulsory/g, "branie je povinné"], [/men do not capture backward/g, "kamene neberú dozadu"],
    [/men do not move backward/g, "kamene neťahajú dozadu"], [/kings move one square/g, "dáma ťahá len o jedno pole"],
    [/there is nothing to capture here/g, "tu nie je čo brať"], [/the capture must be completed; from (\w+) it goes on, as in/g, "branie treba dokončiť: z $1 pokračuje, ako"],
    [/the piece on (\w+)/g, "figúra na $1"], [/ cannot reach /g, " sa nedostane na "], [/\bit can play /g, "môže ťahať "], [/\bit cannot move/g, "nemôže ťahať"], [/ can play /g, " môže ťahať "], [/ cannot move/g, " nemôže ťahať"],
    [/(\w+) is not empty/g, "$1 nie je prázdne"], [/, e\.g\. /g, ", napr. "], [/ or /g, " alebo "], [/the game is over/g, "hra skončila"],
    [/ is ambiguous: it could be /g, " nie je jednoznačný: môže to byť "],
  ],
};

function reason(text) {
  for (const [re, to] of REASONS[LANG] || []) text = text.replace(re, to);
  return text;
}
