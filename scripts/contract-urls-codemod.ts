// Codemod (issue 30, ADR 112): a hand-written '/api/…' URL in a server test becomes one built from the contract's
// endpoint: `app.inject({ method: 'GET', url: `/api/x/${id}` })` → `app.inject({ ...requestOf(xEndpoints.get,
// { params: { id } }) })`; elsewhere the URL alone → `urlOf(…)`. A literal is converted only when its method and
// path match exactly one endpoint; the rest are listed with why. Run: npx tsx scripts/contract-urls-codemod.ts <files…>
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';
import * as contracts from '@market/contracts';

// A node of Babel's tree, read loosely: the walk below gives each node its parent.
// biome-ignore lint/suspicious/noExplicitAny: Babel's tree is walked generically, field names checked by type
type Node = any;

type Method = contracts.Endpoint['method'];
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
interface Known {
  endpoint: contracts.Endpoint;
  ref: string;
  group: string;
  base: string;
  segments: string[];
}
const known: Known[] = [];
const visit = (value: unknown, ref: string, group: string) => {
  if (!value || typeof value !== 'object') return;
  if ('method' in value && 'path' in value && 'surface' in value) {
    const endpoint = value as contracts.Endpoint;
    known.push({
      endpoint,
      ref,
      group,
      base: contracts.surfaceBases[endpoint.surface],
      segments: endpoint.path.split('/').slice(1),
    });
    return;
  }
  for (const [key, child] of Object.entries(value)) visit(child, `${ref}.${key}`, group);
};
for (const [name, value] of Object.entries(contracts))
  if (name.endsWith('Endpoints')) visit(value, name, name);
const bases = [...new Set(known.map((k) => k.base))];

type Part = { text: string } | { expr: Node };
interface Outcome {
  file: string;
  line: number;
  text: string;
  reason?: string;
}
const left: Outcome[] = [];
let converted = 0;
let code = '';
const textOf = (node: Node): string => code.slice(node.start, node.end);
const isStringy = (n: Node) =>
  n && (n.type === 'StringLiteral' || (n.type === 'TemplateLiteral' && n.expressions.length === 0));
const stringValue = (n: Node): string => (n.type === 'StringLiteral' ? n.value : n.quasis[0].value.cooked);
const keyName = (prop: Node): string | undefined =>
  prop.type === 'ObjectProperty' && !prop.computed
    ? prop.key.type === 'Identifier'
      ? prop.key.name
      : prop.key.type === 'StringLiteral'
        ? prop.key.value
        : undefined
    : undefined;

function partsOf(node: Node): Part[] {
  if (node.type === 'StringLiteral') return [{ text: node.value }];
  const parts: Part[] = [];
  node.quasis.forEach((quasi: Node, index: number) => {
    if (quasi.value.cooked) parts.push({ text: quasi.value.cooked });
    if (index < node.expressions.length) parts.push({ expr: node.expressions[index] });
  });
  return parts;
}

/** Splits parts at a separator character found in text parts (only at the first with `once`). */
function splitParts(parts: Part[], separator: string, once = false): Part[][] {
  const out: Part[][] = [[]];
  let done = false;
  for (const part of parts) {
    if ('expr' in part || done) {
      out[out.length - 1].push(part);
      continue;
    }
    const pieces = part.text.split(separator);
    for (let index = 0; index < pieces.length; index++) {
      const piece = pieces[index];
      if (index > 0) {
        out.push([]);
        if (once) {
          done = true;
          const rest = pieces.slice(index).join(separator);
          if (rest) out[out.length - 1].push({ text: rest });
          break;
        }
      }
      if (piece) out[out.length - 1].push({ text: piece });
    }
  }
  return out;
}

const unwrapEncode = (expr: Node): Node =>
  expr.type === 'CallExpression' &&
  expr.callee.type === 'Identifier' &&
  expr.callee.name === 'encodeURIComponent' &&
  expr.arguments.length === 1
    ? expr.arguments[0]
    : expr;

const literalMethod = (n: Node): Method | undefined =>
  n?.type === 'TSAsExpression'
    ? literalMethod(n.expression)
    : isStringy(n) && METHODS.has(stringValue(n).toUpperCase())
      ? (stringValue(n).toUpperCase() as Method)
      : undefined;

function methodNear(node: Node): Method | undefined {
  const parent = node.parent;
  if (parent.type === 'ObjectProperty' && parent.parent.type === 'ObjectExpression') {
    for (const prop of parent.parent.properties)
      if (keyName(prop) === 'method') return literalMethod(prop.value);
  }
  if (parent.type === 'CallExpression' || parent.type === 'ArrayExpression') {
    const list: Node[] = parent.type === 'CallExpression' ? parent.arguments : parent.elements;
    const index = list.indexOf(node);
    if (index > 0) {
      const m = literalMethod(list[index - 1]);
      if (m) return m;
    }
    if (parent.type === 'CallExpression' && index >= 0) {
      const callee = parent.callee;
      const name =
        callee.type === 'Identifier'
          ? callee.name
          : callee.type === 'MemberExpression'
            ? callee.property.name
            : '';
      const verb = String(name).toUpperCase() === 'DEL' ? 'DELETE' : String(name).toUpperCase();
      if (METHODS.has(verb)) return verb as Method;
    }
  }
  return undefined;
}

/** The methods a `const name = '/api/…'` is used with in the file (inject objects and method-first calls). */
function methodsOfVariable(node: Node, root: Node): Set<string> {
  const found = new Set<string>();
  const parent = node.parent;
  if (parent.type !== 'VariableDeclarator' || parent.id.type !== 'Identifier') return found;
  const name = parent.id.name;
  walkAll(root, (n) => {
    if (n.type !== 'Identifier' || n.name !== name || n === parent.id) return;
    const up = n.parent;
    if (up.type === 'ObjectProperty' && up.key === n && !up.shorthand) return;
    if (up.type === 'MemberExpression' && up.property === n && !up.computed) return;
    if (up.type === 'ObjectProperty' && up.shorthand) {
      const method = up.parent.properties.find((p: Node) => keyName(p) === 'method');
      found.add((method && literalMethod(method.value)) ?? 'UNKNOWN');
    } else found.add(methodNear(n) ?? 'UNKNOWN');
  });
  return found;
}

function walkAll(node: Node, each: (n: Node) => void) {
  each(node);
  for (const key of Object.keys(node)) {
    if (key === 'parent' || key === 'loc' || key === 'leadingComments' || key === 'trailingComments')
      continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const child of value) if (child && typeof child.type === 'string') walkAll(child, each);
    } else if (value && typeof value.type === 'string') walkAll(value, each);
  }
}

function quote(text: string) {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function innerType(schema: unknown): string | undefined {
  type Def = { type: string; innerType?: { def?: Def } };
  let def = (schema as { def?: Def } | undefined)?.def;
  while (def && ['optional', 'default', 'nullable', 'prefault'].includes(def.type)) def = def.innerType?.def;
  return def?.type;
}

interface Built {
  code: string;
  useRequest: boolean;
}

function build(node: Node, root: Node): Built | string {
  const parts = partsOf(node);
  const firstPart = parts[0];
  const base = bases.find(
    (b) =>
      'text' in firstPart &&
      (firstPart.text === b || firstPart.text.startsWith(`${b}/`) || firstPart.text.startsWith(`${b}?`)),
  );
  if (!base) return 'not under a surface base';
  const [pathParts, queryParts] = splitParts(parts, '?', true) as [Part[], Part[] | undefined];
  const first = pathParts[0] as { text: string };
  const rest: Part[] = [{ text: first.text.slice(base.length) }, ...pathParts.slice(1)];
  const segments = splitParts(rest, '/').slice(1);
  if (segments.some((s) => s.length !== 1)) return 'a path segment mixes text and an expression, or is empty';
  const segs = segments.map((s) => s[0]);
  const matches = known.filter(
    (k) =>
      k.base === base &&
      k.segments.length === segs.length &&
      k.segments.every((t, i) => {
        const s = segs[i];
        if (t.startsWith(':')) return true;
        return 'text' in s && s.text === t;
      }),
  );
  if (matches.length === 0) return 'no endpoint has this path';
  // The router prefers a static segment over a parameter, segment by segment.
  const score = (k: Known) => k.segments.map((t) => (t.startsWith(':') ? '0' : '1')).join('');
  const best = matches.map(score).sort().at(-1);
  const ranked = matches.filter((k) => score(k) === best);
  let method = methodNear(node);
  if (!method) {
    const used = methodsOfVariable(node, root);
    if (used.size === 1 && !used.has('UNKNOWN')) method = [...used][0] as Method;
  }
  let chosen: Known[];
  if (method) chosen = ranked.filter((k) => k.endpoint.method === method);
  else {
    chosen = ranked;
    if (chosen.length > 1) return `method unknown and ${chosen.length} endpoints share the path`;
  }
  if (chosen.length === 0) return `no ${method} endpoint has this path`;
  if (chosen.length > 1) return 'several endpoints match';
  const target = chosen[0];
  const params: string[] = [];
  // The URL both ways with a token for each expression: the check that the conversion keeps the URL.
  const tokens = new Map<Node, string>();
  const sample = (part: Part) => {
    if ('text' in part) return part.text;
    if (!tokens.has(part.expr)) tokens.set(part.expr, `t${tokens.size}x`);
    return tokens.get(part.expr) as string;
  };
  const sampleParams: Record<string, string> = {};
  const sampleQuery: [string, string][] = [];
  for (const [i, t] of target.segments.entries()) {
    if (!t.startsWith(':')) continue;
    const s = segs[i];
    const name = t.slice(1);
    let value: string;
    if ('text' in s) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(s.text);
      } catch {
        return 'a path segment is not valid URI encoding';
      }
      if (encodeURIComponent(decoded) !== s.text) return 'a path segment written unencoded on purpose';
      value = quote(decoded);
    } else value = textOf(unwrapEncode(s.expr));
    params.push(value === name ? name : `${name}: ${value}`);
    sampleParams[name] = 'text' in s ? decodeURIComponent(s.text) : sample(s);
  }
  let query: string[] | undefined;
  let rawQuery: string | undefined;
  if (queryParts) {
    const shape = (target.endpoint.query as { shape?: Record<string, unknown> } | undefined)?.shape;
    const pairs = splitParts(queryParts, '&');
    const entries = new Map<string, string[]>();
    let raw = !shape;
    for (const pair of pairs) {
      if (raw) break;
      if (pair.length === 0) continue;
      const [keyPart, ...valueParts] = splitParts(pair, '=', true);
      if (
        keyPart.length !== 1 ||
        !('text' in keyPart[0]) ||
        valueParts.length !== 1 ||
        valueParts[0].length > 1
      ) {
        raw = true;
        break;
      }
      const key = keyPart[0].text;
      if (!shape || !(key in shape)) {
        raw = true;
        break;
      }
      const v = valueParts[0][0];
      let value: string;
      if (!v) value = "''";
      else if ('text' in v) {
        let decoded: string;
        try {
          decoded = decodeURIComponent(v.text.replace(/\+/g, ' '));
        } catch {
          raw = true;
          break;
        }
        value =
          /^(0|[1-9]\d{0,14})$/.test(decoded) && innerType(shape[key]) === 'number'
            ? decoded
            : quote(decoded);
      } else value = textOf(unwrapEncode(v.expr));
      entries.set(key, [...(entries.get(key) ?? []), value]);
      sampleQuery.push([
        key,
        !v ? '' : 'text' in v ? decodeURIComponent(v.text.replace(/\+/g, ' ')) : sample(v),
      ]);
    }
    if (raw) {
      const text = textOf(node);
      rawQuery = text.slice(text.indexOf('?') + 1, -1);
      if (node.type === 'StringLiteral') rawQuery = rawQuery.replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
    } else
      query = [...entries].map(([k, vs]) => {
        const key = /^[A-Za-z_$][\w$]*$/.test(k) ? k : quote(k);
        const value = vs.length === 1 ? vs[0] : `[${vs.join(', ')}]`;
        return value === k ? k : `${key}: ${value}`;
      });
  }
  const fields: string[] = [];
  if (params.length) fields.push(`params: { ${params.join(', ')} }`);
  if (query?.length) fields.push(`query: { ${query.join(', ')} }`);
  const args = fields.length ? `${target.ref}, { ${fields.join(', ')} }` : target.ref;
  usedGroups.add(target.group);
  const original = parts.map(sample).join('');
  const [originalPath, originalQuery = ''] = original.split(/\?(.*)/s);
  const builtPath = `${target.base}${contracts.fillPath(target.endpoint.path, sampleParams)}`;
  const builtQuery = rawQuery !== undefined ? originalQuery : new URLSearchParams(sampleQuery).toString();
  const sorted = (q: string) =>
    [...new URLSearchParams(q)]
      .map((e) => e.join('='))
      .sort()
      .join('&');
  if (builtPath !== originalPath || sorted(builtQuery) !== sorted(originalQuery))
    mismatches.push(`${original} -> ${builtPath}?${builtQuery}`);
  verified += 1;
  if (rawQuery !== undefined) return { code: `\`\${urlOf(${args})}?${rawQuery}\``, useRequest: false };
  return { code: `urlOf(${args})`, useRequest: true };
}

let usedGroups = new Set<string>();
const mismatches: string[] = [];
let verified = 0;

function setParents(node: Node, parent: Node) {
  node.parent = parent;
  for (const key of Object.keys(node)) {
    if (key === 'parent' || key === 'loc' || key === 'leadingComments' || key === 'trailingComments')
      continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const child of value) if (child && typeof child.type === 'string') setParents(child, node);
    } else if (value && typeof value.type === 'string') setParents(value, node);
  }
}

const hasComments = (node: Node) => /\/[/*]/.test(textOf(node).replace(/(['`])(?:\\.|(?!\1).)*\1/g, ''));

function isUrlLiteral(node: Node) {
  if (node.type !== 'StringLiteral' && node.type !== 'TemplateLiteral') return false;
  const head: string = node.type === 'StringLiteral' ? node.value : (node.quasis[0].value.cooked ?? '');
  return bases.some((b) => head === b || head.startsWith(`${b}/`) || head.startsWith(`${b}?`));
}

function convertFile(file: string) {
  code = readFileSync(file, 'utf8');
  const text = code;
  const root = parse(text, { sourceType: 'module', plugins: ['typescript'] });
  setParents(root.program, null);
  usedGroups = new Set();
  const edits: { start: number; end: number; text: string }[] = [];
  let usesUrlOf = false;
  let usesRequestOf = false;
  const lineOf = (at: number) => text.slice(0, at).split('\n').length;
  const walk = (node: Node) => {
    if (node.type === 'ImportDeclaration' || node.type === 'TSLiteralType') return;
    if (isUrlLiteral(node)) {
      const built = build(node, root.program);
      if (typeof built === 'string') {
        left.push({ file, line: lineOf(node.start), text: textOf(node), reason: built });
        return;
      }
      converted += 1;
      const parent = node.parent;
      const object = parent.type === 'ObjectProperty' && parent.value === node ? parent.parent : undefined;
      const methodProp =
        object && keyName(parent) === 'url'
          ? object.properties.find((p: Node) => keyName(p) === 'method' && literalMethod(p.value))
          : undefined;
      if (built.useRequest && methodProp && object.properties.length === 2 && !hasComments(object)) {
        // `{ method, url }` and nothing else: the object is the request.
        usesRequestOf = true;
        edits.push({ start: object.start, end: object.end, text: `requestOf(${built.code.slice(6, -1)})` });
      } else if (built.useRequest && methodProp) {
        usesRequestOf = true;
        edits.push({
          start: parent.start,
          end: parent.end,
          text: `...requestOf(${built.code.slice(6, -1)})`,
        });
        // Remove `method: 'X',` with the comma and the white space after it.
        let end = methodProp.end;
        while (/[\s,]/.test(text[end]) && end < parent.start) end += 1;
        edits.push({ start: methodProp.start, end, text: '' });
      } else {
        usesUrlOf = true;
        edits.push({ start: node.start, end: node.end, text: built.code });
      }
      return;
    }
    for (const key of Object.keys(node)) {
      if (key === 'parent' || key === 'loc' || key === 'leadingComments' || key === 'trailingComments')
        continue;
      const value = node[key];
      if (Array.isArray(value)) {
        for (const child of value) if (child && typeof child.type === 'string') walk(child);
      } else if (value && typeof value.type === 'string') walk(value);
    }
  };
  walk(root.program);
  if (edits.length === 0) return;
  edits.sort((a, b) => b.start - a.start);
  let out = text;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  // Imports: the endpoint groups from the contract, the helpers from test/support.
  const supportFile = path.resolve('apps/server/test/support/contract-requests.js');
  let relative = path.relative(path.dirname(path.resolve(file)), supportFile);
  if (!relative.startsWith('.')) relative = `./${relative}`;
  const helpers = [usesRequestOf && 'requestOf', usesUrlOf && 'urlOf'].filter(Boolean) as string[];
  out = addImport(out, '@market/contracts', [...usedGroups]);
  if (!file.endsWith('contract-requests.ts')) out = addImport(out, relative, helpers);
  if (!process.env.VERIFY_ONLY) writeFileSync(file, out);
}

function addImport(text: string, from: string, names: string[]): string {
  if (names.length === 0) return text;
  const pattern = new RegExp(`import \\{([^}]*)\\} from '${from.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}';`);
  const found = pattern.exec(text);
  if (found) {
    const existing = found[1]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const merged = [...new Set([...existing, ...names])];
    return text.replace(pattern, `import { ${merged.join(', ')} } from '${from}';`);
  }
  const lastImport = [...text.matchAll(/^import [\s\S]*? from '[^']+';\n/gm)].at(-1);
  const line = `import { ${names.join(', ')} } from '${from}';\n`;
  if (!lastImport || lastImport.index === undefined) return line + text;
  const at = lastImport.index + lastImport[0].length;
  return text.slice(0, at) + line + text.slice(at);
}

for (const file of process.argv.slice(2)) convertFile(file);
console.log(
  `converted ${converted}, left ${left.length}; URL kept in ${verified - mismatches.length} of ${verified}`,
);
for (const m of mismatches) console.log(`CHANGED ${m}`);
for (const l of left)
  console.log(`LEFT ${l.file}:${l.line} ${l.reason} :: ${l.text.replace(/\s+/g, ' ').slice(0, 140)}`);
