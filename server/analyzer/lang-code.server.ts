/**
 * hreflang value validation: a BCP 47 language tag (case-insensitive) whose language is an
 * ISO 639 code and whose region, when present, is an ISO 3166-1 alpha-2 code (or a UN M.49
 * three-digit area), or the special value `x-default`. Common mistakes this rejects:
 * `en_US` (underscore), `en-UK` (UK is not ISO 3166-1; use GB), `eng` (use the 2-letter `en`), `us`.
 */

/** ISO 639-1 two-letter language codes, plus the deprecated but registered in, iw, ji, jw, mo. */
const ISO_639_1 = new Set(
  (
    "aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz " +
    "ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik " +
    "io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml " +
    "mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd " +
    "se sg sh si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve " +
    "vi vo wa wo xh yi yo za zh zu in iw ji jw mo"
  ).split(" "),
);

/** ISO 3166-1 alpha-2 country codes (all 249 officially assigned). */
const ISO_3166_1 = new Set(
  (
    "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW " +
    "BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ " +
    "FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ " +
    "IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH " +
    "MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL " +
    "PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD " +
    "TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
  ).split(" "),
);

/** English language names, made on first use: loading their data costs ~40 ms of every CLI audit's start (issue 14.1). */
let languageNames: Intl.DisplayNames | null = null;

/** True for a valid hreflang value (see the module comment). Case-insensitive; surrounding spaces ignored. */
export function isValidHreflang(value: string): boolean {
  const code = value.trim();
  if (code.toLowerCase() === "x-default") return true;
  if (code === "" || /[^A-Za-z0-9-]/.test(code)) return false;
  let canonical: string;
  try {
    canonical = Intl.getCanonicalLocales(code)[0]!;
  } catch {
    return false;
  }
  const parts = code.toLowerCase().split("-");
  const lang = parts[0]!;
  if (lang.length === 2) {
    if (!ISO_639_1.has(lang)) return false;
  } else if (lang.length === 3) {
    // A 3-letter code is only right when no 2-letter code exists ("fil" yes, "eng" no).
    const primary = canonical.toLowerCase().split("-")[0];
    if (
      primary !== lang ||
      (languageNames ??= new Intl.DisplayNames(["en"], { type: "language", fallback: "none" })).of(lang) === undefined
    )
      return false;
  } else {
    return false;
  }
  // The region is the first 2-letter or 3-digit subtag after the language (and optional script).
  for (const sub of parts.slice(1)) {
    if (sub.length === 4 && /^[a-z]+$/.test(sub)) continue; // script
    if (/^[a-z]{2}$/.test(sub)) return ISO_3166_1.has(sub.toUpperCase());
    if (/^\d{3}$/.test(sub)) return true;
    break;
  }
  return true;
}
