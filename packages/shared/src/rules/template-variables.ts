import type { TemplateCategory } from '../templates';
import { stripAccents } from './search';

/**
 * The rule-based variable detector behind `POST /api/identify-variables` (02 §7, issue 16): it reads a Spanish
 * business message, proposes which parts change from one customer to the next, rewrites them as {{1}}, {{2}}…
 * in order of appearance (the original text becomes each example value) and proposes a category. No external
 * service: the same input always gives the same proposal, and it never throws.
 */

export type TemplateVariableKind =
  | 'name'
  | 'date'
  | 'time'
  | 'amount'
  | 'code'
  | 'url'
  | 'phone'
  | 'email'
  // A variable the user marked by hand, or one the text already had.
  | 'manual';

export interface ProposedTemplateVariable {
  /** The n of {{n}}. */
  index: number;
  /** The original text, the example value WhatsApp asks for. */
  example: string;
  kind: TemplateVariableKind;
  /** Where its {{n}} sits in the proposal's text (first occurrence), end excluded. */
  start: number;
  end: number;
  /** The user confirmed it; proposals start unconfirmed and still count as variables. */
  accepted: boolean;
}

export interface TemplateVariableProposal {
  /** The message with {{n}} placeholders. */
  text: string;
  /** The message as it was given (the creation draft's originalText). */
  originalText: string;
  variables: ProposedTemplateVariable[];
  category: TemplateCategory;
}

export interface IdentifyVariablesOptions {
  /** 02 §7 `isIdentifyVariables`: false proposes the category only and leaves the text alone. */
  identifyVariables?: boolean;
}

// Longer input is not a template (1024 characters at most); it is not worth scanning.
const MAX_INPUT = 4096;

// ---------------------------------------------------------------------------------------------------------
// Detection rules.

interface Span {
  start: number;
  end: number;
  kind: TemplateVariableKind;
}

interface Rule {
  kind: TemplateVariableKind;
  /** Must have the `d` flag and a group named `v`: the part that becomes the variable. */
  pattern: RegExp;
  /** Refines or refuses a match: returns the span to keep, or null. */
  refine?: (value: string, start: number, text: string) => { start: number; end: number } | null;
}

const keep = (value: string, start: number) => ({ start, end: start + value.length });

const MONTHS =
  'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre';
const WEEKDAYS = 'lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo';
const DAY = '(?:0?[1-9]|[12]\\d|3[01])';
const MONTH_NUMBER = '(?:0?[1-9]|1[0-2])';
// 1,250.00 / 1.250,00 / 1250 / 99.90: thousands grouped by three, then up to two decimals.
const NUMBER = '(?:\\d{1,3}(?:[.,]\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?)';
const CURRENCY_WORD = '(?:MXN|USD|COP|ARS|CLP|PEN|EUR|M\\.?N\\.?|pesos|d[oó]lares|soles|euros)';
// 'p.m.' keeps its last dot; in '3 pm.' the dot ends the sentence.
const MERIDIEM = '(?:[ap]\\.\\s?m\\.|[ap]\\s?m(?![\\p{L}]))';

// "5 de Mayo" is a street in every Mexican city: a date right after a street word is part of an address.
const STREET_BEFORE =
  /(?:\bav\.?|\bavenida|\bcalle|\bblvd\.?|\bbulevar|\bcol\.?|\bcolonia|\bprivada|\bcalz\.?|\bcalzada)\s+$/i;

// Order, tracking and reference words; the code follows them, maybe after "de seguimiento", "es", "#", ":".
const CODE_WORDS =
  'pedido|orden|folio|gu[ií]a|rastreo|referencia|ticket|factura|reservaci[oó]n|reserva|confirmaci[oó]n|' +
  'c[oó]digo|cup[oó]n|contrato|p[oó]liza|expediente|solicitud|tracking|transacci[oó]n|operaci[oó]n|boleto|' +
  'membres[ií]a|cliente|localizador';
const CODE_QUALIFIERS =
  'verificaci[oó]n|seguimiento|rastreo|confirmaci[oó]n|acceso|descuento|pedido|compra|gu[ií]a|reserva|' +
  'reservaci[oó]n|cliente|orden|promoci[oó]n|env[ií]o';
const CODE_LINKS = 'es|fue|ser[aá]|n[uú]mero|no\\.?|n[º°]\\.?|n[uú]m\\.?';

// Words that start a sentence after a greeting, or that are not a person's name (accent-free, lower case).
const NOT_A_NAME = new Set(
  (
    'te tu tus le les lo la los las el un una unos unas su sus nos mi mis gracias bienvenido bienvenida ' +
    'bienvenidos bienvenidas queremos quisieramos tenemos hoy manana ayer esperamos recuerda recuerde este esta ' +
    'estos estas ese esa ya solo por para con en aqui que como cual cuando donde somos soy es estamos buen buenos ' +
    'buenas feliz muchas muchos a y o hola equipo cliente clientes amigo amiga amigos amigas usuario usuaria ' +
    'cordiales cordialmente atentamente estimado estimada querido querida senor senora sr sra de del desde nuevo ' +
    'nueva disculpa perdon lamentamos confirmamos ahora hay tienes tiene se si no gran grandes todos todas todo ' +
    'familia info informacion saludos aviso atencion importante urgente oferta promocion descuento aprovecha ' +
    'ultimos ultimas nuestro nuestra nuestros nuestras usted ustedes vos mundo comunidad bienvenid socio socia ' +
    'socios paciente pacientes alumno alumna alumnos padre padres madre mama papa vecino vecina vecinos ' +
    MONTHS.replace(/\|/g, ' ') +
    ' lunes martes miercoles jueves viernes sabado domingo'
  ).split(/\s+/),
);

const GREETINGS =
  '(?:[Hh]ola|[Bb]uen(?:os|as)?\\s+(?:d[ií]as?|tardes|noches)|[Ee]stimad[oa]s?|[Qq]uerid[oa]s?|[Ss]aludos|' +
  '[Ff]elicidades|[Ff]elicitaciones|[Gg]racias|[Bb]ienvenid[oa]s?|[Hh]ey|[Qq]u[eé]\\s+tal)';
const TITLE =
  '(?:(?:[Ss]r|[Ss]ra|[Ss]rta|[Dd]r|[Dd]ra|[Ll]ic|[Ii]ng|[Mm]tro|[Mm]tra)\\.?\\s+|(?:[Dd]on|[Dd]oña)\\s+)';
const NAME_WORD = '\\p{Lu}\\p{Ll}+';

function nameKey(word: string): string {
  return stripAccents(word).toLowerCase();
}

const RULES: readonly Rule[] = [
  {
    kind: 'email',
    pattern:
      /(?<![\p{L}\p{N}._%+-])(?<v>[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,})/dgu,
  },
  {
    kind: 'url',
    pattern: new RegExp(
      '(?<v>(?:https?:\\/\\/|www\\.)[^\\s<>"\'«»]+|(?<![\\p{L}\\p{N}@.\\/-])(?:[a-z0-9-]+\\.)+' +
        '(?:com|net|org|mx|co|io|ly|app|shop|store|info|link|me|ar|cl|pe|es|gt|ec|uy|bo|py|ve|cr|pa|do|hn|sv|ni|' +
        'tv|site|online|page|gl|to)(?:\\.[a-z]{2})?(?![\\p{L}\\p{N}])(?:\\/[^\\s<>"\'«»]*)?)',
      'dgiu',
    ),
    // A sentence's full stop or a closing bracket after a link is not part of it.
    refine: (value, start) => keep(value.replace(/[.,;:!?)\]»"']+$/u, ''), start),
  },
  {
    kind: 'code',
    pattern: new RegExp(
      `(?<![\\p{L}])(?<word>${CODE_WORDS})(?:\\s+(?:de|del)\\s+(?:${CODE_QUALIFIERS}))?` +
        `(?:\\s+(?:${CODE_LINKS}))*\\s*(?:[:#]\\s*)?` +
        '(?<v>[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?)(?![\\p{L}\\p{N}%$]|[.,]\\d)',
      'dgiu',
    ),
    refine: (value, start) => {
      // A code has a digit ("98765", "A12345", "OC-2026-118"), or is a coupon word in capitals ("VERANO").
      if (/\d/.test(value)) return value.length >= 3 ? keep(value, start) : null;
      return /^[A-ZÁÉÍÓÚÑ]{4,}$/u.test(value) ? keep(value, start) : null;
    },
  },
  {
    kind: 'date',
    pattern: new RegExp(
      `(?<![\\p{L}\\p{N}])(?<v>(?:(?:${WEEKDAYS}),?\\s+)?${DAY}\\s+de\\s+(?:${MONTHS})(?:\\s+(?:de|del)\\s+\\d{4})?)(?![\\p{L}\\p{N}])`,
      'dgiu',
    ),
    refine: (value, start, text) => (STREET_BEFORE.test(text.slice(0, start)) ? null : keep(value, start)),
  },
  {
    kind: 'date',
    pattern: new RegExp(
      `(?<![\\p{N}\\/.-])(?<v>${DAY}([\\/.-])${MONTH_NUMBER}\\2(?:\\d{4}|\\d{2})|\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])|(?:[012]\\d|3[01])\\/(?:0[1-9]|1[0-2]))(?![\\p{N}\\/])`,
      'dgu',
    ),
  },
  {
    kind: 'time',
    pattern: new RegExp(
      `(?<![\\p{N}:.,])(?<v>(?:1[0-2]|0?[1-9])(?::[0-5]\\d)?\\s+de\\s+la\\s+(?:mañana|tarde|noche)|(?:[01]?\\d|2[0-3]):[0-5]\\d(?:\\s?(?:${MERIDIEM}|hrs|h(?![\\p{L}])|horas))?)(?![\\p{N}:])`,
      'dgiu',
    ),
  },
  {
    kind: 'time',
    pattern: new RegExp(`(?<![\\p{N}:.,])(?<v>(?:1[0-2]|0?[1-9])\\s?${MERIDIEM})`, 'dgiu'),
  },
  {
    // "a las 5": an hour on its own, only after "a las" / "a la" (so "24 horas" stays a duration).
    kind: 'time',
    pattern:
      /(?<=(?<![\p{L}])a\s+las?\s+)(?<v>(?:[01]?\d|2[0-3]))(?![\p{N}:.,%]|\s*(?:horas?|hrs)(?![\p{L}]))/dgiu,
  },
  {
    kind: 'amount',
    pattern: new RegExp(
      `(?<![\\p{L}\\p{N}])(?<v>(?:(?:US|MX|COP|CLP|ARS)\\s?)?\\$\\s?${NUMBER}(?:\\s?${CURRENCY_WORD}(?![\\p{L}]))?|S\\/\\.?\\s?${NUMBER}|(?:MXN|USD|COP|ARS|CLP|PEN|EUR)\\s?${NUMBER}|€\\s?${NUMBER})(?![\\p{N}])`,
      'dgu',
    ),
  },
  {
    kind: 'amount',
    pattern: new RegExp(
      `(?<![\\p{L}\\p{N}.,$])(?<v>${NUMBER}\\s?(?:${CURRENCY_WORD}|€))(?![\\p{L}\\p{N}])`,
      'dgiu',
    ),
  },
  {
    kind: 'phone',
    pattern:
      /(?<![\p{L}\p{N}$.,/:+#-])(?<v>(?:\+\d{1,3}[\s.-]?(?:\d[\s.-])?)?(?:\(\d{2,3}\)[\s.-]?|\d{2,4}[\s.-]?)?\d{3,4}[\s.-]?\d{4})(?![\p{L}\p{N}%]|[.,/:-]\d)/dgu,
    refine: (value, start) => {
      const digits = value.replace(/\D/g, '').length;
      return digits >= 8 && digits <= 15 ? keep(value, start) : null;
    },
  },
  {
    // "#A12345", "#98765": a code in capitals and digits after '#', which stays in the text ("pedido #{{1}}").
    kind: 'code',
    pattern: /(?<=#)(?<v>[A-Z0-9](?:[A-Z0-9-]*[A-Z0-9])?)(?![\p{L}\p{N}])/dgu,
    refine: (value, start) => (/\d/.test(value) && value.length >= 3 ? keep(value, start) : null),
  },
  {
    // A long code standing alone ("1Z999AA10123456784"); short ones are product models ("RTX4090", "PS5").
    kind: 'code',
    pattern: /(?<![\p{L}\p{N}#-])(?<v>[A-Z0-9](?:[A-Z0-9-]*[A-Z0-9])?)(?![\p{L}\p{N}])/dgu,
    refine: (value, start) => {
      const digits = value.replace(/\D/g, '').length;
      const letters = value.replace(/[^A-Z]/g, '').length;
      return value.length >= 8 && digits >= 4 && letters >= 1 ? keep(value, start) : null;
    },
  },
  {
    kind: 'name',
    pattern: new RegExp(
      `(?<![\\p{L}])${GREETINGS}(?:\\s+de\\s+nuevo)?\\s*,?\\s+${TITLE}?(?<v>${NAME_WORD}(?:\\s+${NAME_WORD})?)(?![\\p{L}])`,
      'dgu',
    ),
    refine: (value, start) => {
      const words = value.split(/\s+/);
      // Stryker disable next-line StringLiteral: split() always gives a first word; the fallback only satisfies the type
      const first = words[0] ?? '';
      if (NOT_A_NAME.has(nameKey(first))) return null;
      const second = words[1];
      if (second !== undefined && NOT_A_NAME.has(nameKey(second))) return keep(first, start);
      return keep(value, start);
    },
  },
];

const EXISTING_PLACEHOLDER = /\{\{\s*\d+\s*\}\}/g;

function overlaps(span: { start: number; end: number }, taken: readonly Span[]): boolean {
  return taken.some((other) => span.start < other.end && other.start < span.end);
}

/** Every part to turn into a variable, earlier rules first; a placeholder already in the text is kept. */
function detectSpans(text: string): Span[] {
  const taken: Span[] = [];
  for (const match of text.matchAll(EXISTING_PLACEHOLDER)) {
    const start = match.index ?? 0;
    taken.push({ start, end: start + match[0].length, kind: 'manual' });
  }
  for (const rule of RULES) {
    for (const match of text.matchAll(rule.pattern)) {
      // Stryker disable OptionalChaining,ConditionalExpression,LogicalOperator: every rule has the d flag and a group v that always takes part
      const range = match.indices?.groups?.v;
      const value = match.groups?.v;
      if (!range || value === undefined) continue;
      // Stryker restore OptionalChaining,ConditionalExpression,LogicalOperator
      const refined = rule.refine ? rule.refine(value, range[0], text) : { start: range[0], end: range[1] };
      // Stryker disable next-line ConditionalExpression,EqualityOperator: no refine gives an empty span (links start with http or www, names keep a word)
      if (!refined || refined.end <= refined.start) continue;
      const span: Span = { ...refined, kind: rule.kind };
      if (!overlaps(span, taken)) taken.push(span);
    }
  }
  return taken.sort((a, b) => a.start - b.start);
}

// ---------------------------------------------------------------------------------------------------------
// Category.

// Promotional wording makes a template marketing for WhatsApp, whatever else it says.
const MARKETING_TERMS = [
  /\bdescuentos?\b/,
  /\bofertas?\b/,
  /\bpromociones\b|\bpromocion\b|\bpromos?\b/,
  /\bgratis\b/,
  /\brebajas?\b/,
  /\bliquidacion\b/,
  /\bremate\b/,
  /\boutlet\b/,
  /\b\d+\s?x\s?\d+\b/,
  /\bcupon(?:es)?\b/,
  /\bcompra(?:lo|la)?\s+(?:ahora|ya|hoy)\b/,
  /\bcompralo\b/,
  /\baprovecha\b/,
  /\bno\s+te\s+lo\s+pierdas\b/,
  /\bsolo\s+por\s+hoy\b/,
  /\bpor\s+tiempo\s+limitado\b/,
  /\bhasta\s+agotar\s+existencias\b/,
  /\bultimas\s+piezas\b/,
  /\bultimos\s+dias\b/,
  /\bblack\s+friday\b/,
  /\bbuen\s+fin\b/,
  /\bhot\s+sale\b/,
  /\bcyber\s+monday\b/,
  /\bmeses\s+sin\s+intereses\b/,
  /\bnueva\s+coleccion\b/,
  /\bnuevos?\s+productos?\b/,
  /\blanzamiento\b/,
  /\bsorteo\b/,
  /\bregalo\b/,
  /\bexclusiv[oa]s?\b/,
  /\bprecios?\s+especial(?:es)?\b/,
  /\bventa\s+especial\b/,
  /\bsuscribete\b/,
];
// A percentage alone is ambiguous ("avance del 80%"): it counts as promotion only when nothing else in the
// message is about an order, a payment or an appointment.
const PERCENT = /\d\s?%/;
const UTILITY_TERMS =
  /\b(?:pedido|orden|pago|factura|cita|reservacion|reserva|entrega|envio|confirm\w*|recordatorio|recordamos|vence|vencimiento|saldo|guia|rastreo|estado|actualizacion|verificacion|contrasena|cancelad\w*|reembolso|avance|progreso)\b/;

/** 02 §7: marketing when the text promotes something; utility otherwise (and on empty or invalid input). */
export function proposeTemplateCategory(text: unknown): TemplateCategory {
  if (typeof text !== 'string' || text.trim() === '') return 'utility';
  const plain = stripAccents(text).toLowerCase();
  if (MARKETING_TERMS.some((term) => term.test(plain))) return 'marketing';
  if (PERCENT.test(plain) && !UTILITY_TERMS.test(plain)) return 'marketing';
  return 'utility';
}

// ---------------------------------------------------------------------------------------------------------
// Proposal.

type Segment = string | VariableSegment;

interface VariableSegment {
  example: string;
  kind: TemplateVariableKind;
  accepted: boolean;
}

/** Renders segments as text with {{n}} numbered by first appearance; a repeated segment keeps its number. */
function render(
  segments: readonly Segment[],
  originalText: string,
  category: TemplateCategory,
): TemplateVariableProposal {
  let text = '';
  const numbers = new Map<VariableSegment, number>();
  const variables: ProposedTemplateVariable[] = [];
  for (const segment of segments) {
    if (typeof segment === 'string') {
      text += segment;
      continue;
    }
    let index = numbers.get(segment);
    const placeholder = (n: number) => `{{${n}}}`;
    if (index === undefined) {
      index = numbers.size + 1;
      numbers.set(segment, index);
      const start = text.length;
      variables.push({
        index,
        example: segment.example,
        kind: segment.kind,
        start,
        end: start + placeholder(index).length,
        accepted: segment.accepted,
      });
    }
    text += placeholder(index);
  }
  return { text, originalText, variables, category };
}

function fallback(input: unknown): TemplateVariableProposal {
  const text = typeof input === 'string' ? input : '';
  return { text, originalText: text, variables: [], category: 'utility' };
}

/**
 * 02 §7 `POST /identify-variables`: the proposal for a message. On empty, invalid or oversized input it
 * answers the spec's fallback: the text unchanged, no variables, utility.
 */
export function identifyTemplateVariables(
  input: unknown,
  options: IdentifyVariablesOptions = {},
): TemplateVariableProposal {
  try {
    // Blank text gets the fallback's answer from the detector too, and a non-string throws into the catch below.
    // Stryker disable next-line ConditionalExpression,LogicalOperator,MethodExpression,StringLiteral: a shortcut only
    if (typeof input !== 'string' || input.trim() === '') return fallback(input);
    if (input.length > MAX_INPUT) return fallback(input);
    const category = proposeTemplateCategory(input);
    if (options.identifyVariables === false) {
      return { text: input, originalText: input, variables: [], category };
    }
    const spans = detectSpans(input);
    const segments: Segment[] = [];
    let cursor = 0;
    for (const span of spans) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator: an empty text segment adds nothing to the rendered text
      if (span.start > cursor) segments.push(input.slice(cursor, span.start));
      const example = span.kind === 'manual' ? '' : input.slice(span.start, span.end);
      segments.push({ example, kind: span.kind, accepted: span.kind === 'manual' });
      cursor = span.end;
    }
    // Stryker disable next-line ConditionalExpression,EqualityOperator: an empty text segment adds nothing to the rendered text
    if (cursor < input.length) segments.push(input.slice(cursor));
    return render(segments, input, category);
    // Stryker disable next-line BlockStatement: a safety net; no input reaches it today
  } catch {
    return fallback(input);
  }
}

interface PlacedSegment {
  segment: Segment;
  start: number;
  end: number;
}

/** Splits a proposal back into text and variable segments, reading its {{n}} placeholders. */
function segmentsOf(proposal: TemplateVariableProposal): PlacedSegment[] {
  const byIndex = new Map<number, VariableSegment>();
  for (const variable of proposal.variables) {
    byIndex.set(variable.index, {
      example: variable.example,
      kind: variable.kind,
      accepted: variable.accepted,
    });
  }
  const placed: PlacedSegment[] = [];
  const text = proposal.text;
  let cursor = 0;
  for (const match of text.matchAll(/\{\{(\d+)\}\}/g)) {
    const start = match.index ?? 0;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: an empty text segment adds nothing, and no selection fits in it
    if (start > cursor) placed.push({ segment: text.slice(cursor, start), start: cursor, end: start });
    const n = Number(match[1]);
    let segment = byIndex.get(n);
    if (!segment) {
      // A placeholder the proposal does not describe (typed by hand): a variable still without example.
      segment = { example: '', kind: 'manual', accepted: true };
      byIndex.set(n, segment);
    }
    cursor = start + match[0].length;
    placed.push({ segment, start, end: cursor });
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator: an empty text segment adds nothing, and no selection fits in it
  if (cursor < text.length) placed.push({ segment: text.slice(cursor), start: cursor, end: text.length });
  return placed;
}

/** The segment of {{index}}: variables are numbered by first appearance, so it is the index-th distinct one. */
function variableSegment(placed: readonly PlacedSegment[], index: number): VariableSegment | null {
  const distinct: VariableSegment[] = [];
  for (const { segment } of placed) {
    if (typeof segment !== 'string' && !distinct.includes(segment)) distinct.push(segment);
  }
  return distinct[index - 1] ?? null;
}

function renderPlaced(placed: readonly PlacedSegment[], proposal: TemplateVariableProposal) {
  // Neighbouring text is joined so the result has the same shape as a fresh proposal.
  // Stryker disable ArithmeticOperator,ConditionalExpression,StringLiteral: render() concatenates the text alike whether neighbours are joined or not
  const joined: Segment[] = [];
  for (const { segment } of placed) {
    const last = joined[joined.length - 1];
    if (typeof segment === 'string' && typeof last === 'string') joined[joined.length - 1] = last + segment;
    else if (segment !== '') joined.push(segment);
  }
  // Stryker restore ArithmeticOperator,ConditionalExpression,StringLiteral
  return render(joined, proposal.originalText, proposal.category);
}

/** The user keeps a proposed variable as it is. */
export function acceptProposedVariable(
  proposal: TemplateVariableProposal,
  index: number,
): TemplateVariableProposal {
  const placed = segmentsOf(proposal);
  const segment = variableSegment(placed, index);
  if (!segment) return proposal;
  segment.accepted = true;
  return renderPlaced(placed, proposal);
}

/** The user changes a variable's example value (it is also what the preview shows). */
export function editProposedVariableExample(
  proposal: TemplateVariableProposal,
  index: number,
  example: string,
): TemplateVariableProposal {
  const placed = segmentsOf(proposal);
  const segment = variableSegment(placed, index);
  if (!segment) return proposal;
  segment.example = example;
  segment.accepted = true;
  return renderPlaced(placed, proposal);
}

/** The user undoes a variable: its example goes back into the text and the later variables move down one. */
export function undoProposedVariable(
  proposal: TemplateVariableProposal,
  index: number,
): TemplateVariableProposal {
  const placed = segmentsOf(proposal);
  const segment = variableSegment(placed, index);
  if (!segment) return proposal;
  return renderPlaced(
    placed.map((p) => (p.segment === segment ? { ...p, segment: segment.example } : p)),
    proposal,
  );
}

export type SelectionResult =
  | { ok: true; proposal: TemplateVariableProposal }
  | { ok: false; code: 'SELECTED_VARIABLE_INVALID' };

/**
 * The user selects part of the text ([start, end) of `proposal.text`) to make it a variable; surrounding
 * spaces are left out. Refused (SELECTED_VARIABLE_INVALID, 02 §8) when the selection is empty or blank, or
 * touches a variable or a brace.
 */
export function addVariableFromSelection(
  proposal: TemplateVariableProposal,
  start: number,
  end: number,
): SelectionResult {
  const invalid = { ok: false, code: 'SELECTED_VARIABLE_INVALID' } as const;
  const text = proposal.text;
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > text.length || start >= end) {
    return invalid;
  }
  const selected = text.slice(start, end);
  const from = start + (selected.length - selected.trimStart().length);
  const to = end - (selected.length - selected.trimEnd().length);
  if (from >= to || /[{}]/.test(text.slice(from, to))) return invalid;
  const placed = segmentsOf(proposal);
  const host = placed.find((p) => typeof p.segment === 'string' && p.start <= from && to <= p.end);
  if (!host || typeof host.segment !== 'string') return invalid;
  const variable: VariableSegment = { example: text.slice(from, to), kind: 'manual', accepted: true };
  const split: PlacedSegment[] = [
    { segment: text.slice(host.start, from), start: host.start, end: from },
    { segment: variable, start: from, end: to },
    { segment: text.slice(to, host.end), start: to, end: host.end },
  ];
  const next = placed.flatMap((p) => (p === host ? split : [p]));
  return { ok: true, proposal: renderPlaced(next, proposal) };
}

/** The example values in variable order ({{1}} first), as WhatsApp's `example.body_text[0]` takes them. */
export function proposalExamples(proposal: TemplateVariableProposal): string[] {
  return [...proposal.variables].sort((a, b) => a.index - b.index).map((v) => v.example);
}
