import { randomUUID } from 'node:crypto';
import { themeEndpoints } from '@market/contracts';
import { urlOf } from '../support/contract-requests.js';
import { bearer, json, nextIp, type TestApp } from '../support/test-app.js';

type Part = string | { filename: string; contentType: string; bytes: Buffer };

/** A multipart body of several text fields and files, as a browser's FormData sends it. */
export function form(parts: Record<string, Part>) {
  const boundary = `----theme${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const [name, part] of Object.entries(parts)) {
    if (typeof part === 'string') {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${part}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call to the themes service (a URL built from its endpoint, urlOf) with a bearer token (or none). */
export function themesCall(test: TestApp, method: Method, url: string, token?: string, payload?: unknown) {
  return test.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    payload: payload as object,
    remoteAddress: nextIp(),
  });
}

export function themesForm(test: TestApp, url: string, token: string, body: ReturnType<typeof form>) {
  return test.app.inject({
    method: 'PUT',
    url,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
    remoteAddress: nextIp(),
  });
}

/** The store's copy of a theme (by catalogue id), from GET merchant/themes. */
export async function merchantThemeIdOf(test: TestApp, token: string, themeId: number): Promise<string> {
  const response = await themesCall(test, 'GET', urlOf(themeEndpoints.list), token);
  if (response.statusCode !== 200) throw new Error(response.body);
  const theme = json(response).data.themes.find((item: { id: number }) => item.id === themeId);
  if (!theme?.merchantThemeId) throw new Error(`Theme ${themeId} is not owned`);
  return theme.merchantThemeId as string;
}
