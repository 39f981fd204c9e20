/** What the API client needs of an answer, from fetch or from XMLHttpRequest. */
export type RawAnswer = { status: number; ok: boolean; data: unknown };

/** Why an XMLHttpRequest got no answer: the network, its own timeout, or the caller's abort signal. */
export class XhrFailure extends Error {
  constructor(readonly kind: 'network' | 'timeout' | 'aborted') {
    super(kind);
  }
}

/**
 * One request over XMLHttpRequest, for the single thing fetch cannot do: report request-body (upload) progress.
 * Resolves with the status and the JSON body (null when not JSON); rejects with an XhrFailure when no answer came.
 */
export function xhrSend(
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body: XMLHttpRequestBodyInit | undefined;
    timeoutMs: number;
    signal?: AbortSignal | undefined;
    onUploadProgress: (fraction: number) => void;
  },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    if (init.signal?.aborted) return reject(new XhrFailure('aborted'));
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    xhr.timeout = init.timeoutMs;
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) init.onUploadProgress(event.loaded / event.total);
    };
    const onAbort = () => xhr.abort();
    init.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => init.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText) as unknown;
      } catch {
        // not JSON (a proxy's error page): the status decides
      }
      resolve({ status: xhr.status, ok: xhr.status >= 200 && xhr.status < 300, data });
    };
    xhr.onerror = () => {
      done();
      reject(new XhrFailure('network'));
    };
    xhr.ontimeout = () => {
      done();
      reject(new XhrFailure('timeout'));
    };
    xhr.onabort = () => {
      done();
      reject(new XhrFailure('aborted'));
    };
    xhr.send(init.body ?? null);
  });
}
