import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/** Longer addresses are refused before routing; no page or API needs one. */
export const MAX_URL_LENGTH = 8 * 1024;
/** Deeper JSON than this is refused before validation walks it (a validator recursing on it could overflow). */
export const MAX_JSON_DEPTH = 64;

const NUL = '\u0000';
const NUL_MESSAGE = 'Must not contain a NUL character';

const tooLong = () => new AppError('URI_TOO_LONG', 'The address is too long');
const tooDeep = () => new AppError('BAD_REQUEST', 'The request body is nested too deeply');
const nulAt = (path: string) =>
  new AppError('VALIDATION_ERROR', NUL_MESSAGE, [{ path, message: NUL_MESSAGE }]);

/**
 * The path of the first string (value or key) holding a NUL character, or undefined. PostgreSQL cannot store NUL in
 * text, so such a string would fail as a 500 deep in a query: it is refused here, for every endpoint, before
 * validation. Iterative, so a deep body cannot overflow the stack; deeper than MAX_JSON_DEPTH is refused.
 */
export function findNul(value: unknown, prefix: string): string | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: prefix, depth: 0 }];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (typeof current.value === 'string') {
      if (current.value.includes(NUL)) return current.path || 'body';
      continue;
    }
    if (current.value === null || typeof current.value !== 'object') continue;
    if (current.depth >= MAX_JSON_DEPTH) throw tooDeep();
    const entries = Array.isArray(current.value)
      ? current.value.map((item, index) => [String(index), item] as const)
      : Object.entries(current.value);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index]!;
      const path = join(current.path, key);
      if (key.includes(NUL)) return path.replaceAll(NUL, '');
      stack.push({ value: item, path, depth: current.depth + 1 });
    }
  }
  return undefined;
}

type MultipartFile = Awaited<ReturnType<FastifyRequest['file']>>;

/** Multipart parts reach handlers lazily: their names and text fields are checked as each file is read. */
function guardMultipart(request: FastifyRequest) {
  const read = request.file.bind(request);
  const checked = async (...args: Parameters<FastifyRequest['file']>): Promise<MultipartFile> => {
    const file = await read(...args);
    if (!file) return file;
    const where = file.fieldname.includes(NUL) ? 'file' : file.fieldname;
    if (file.fieldname.includes(NUL) || file.filename.includes(NUL)) throw nulAt(`${where}.filename`);
    for (const [name, field] of Object.entries(file.fields)) {
      const parts = Array.isArray(field) ? field : [field];
      for (const part of parts) {
        if (!part) continue;
        if (name.includes(NUL)) throw nulAt('fields');
        if ('value' in part && typeof part.value === 'string' && part.value.includes(NUL)) throw nulAt(name);
      }
    }
    return file;
  };
  request.file = checked as FastifyRequest['file'];
}

/** Checks every request, whatever its route: URL length, then NUL in params, query, body and multipart parts. */
export function installRequestGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.url.length > MAX_URL_LENGTH) throw tooLong();
    // An empty body labelled JSON (fetch with a JSON header and no body) is no body, not malformed JSON: endpoints
    // whose body is optional, such as sign-out, then work, and required bodies answer the usual 422.
    const { headers } = request;
    const noBody =
      headers['content-length'] === '0' ||
      (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined);
    if (noBody && headers['content-type']?.includes('json')) {
      delete request.headers['content-type'];
    }
  });
  app.addHook('preValidation', async (request: FastifyRequest, _reply: FastifyReply) => {
    const found =
      findNul(request.params, 'params') ?? findNul(request.query, 'query') ?? findNul(request.body, '');
    if (found) throw nulAt(found);
    if (typeof request.isMultipart === 'function' && request.isMultipart()) guardMultipart(request);
  });
}
