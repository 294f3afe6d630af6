/**
 * A JSON request to a started kube-lite for the HTTP specs: the answer's status code and parsed JSON body, typed as the
 * spec reads it (an object, or a Status).
 */

/** The parts of an answer the status specs read: an object's status, or a Status's message and causes. */
export interface StatusAnswer {
  message?: string;
  details?: { causes?: Record<string, unknown>[] };
  status?: Record<string, unknown>;
}

/** The status code and JSON body of `method url` with `body` sent as `contentType` (JSON unless given). */
export async function callJSON<T>(url: string, method: string, body?: unknown, contentType = 'application/json'): Promise<{ status: number; json: T }> {
  const res = await fetch(url, { method, ...(body !== undefined && { headers: { 'Content-Type': contentType }, body: JSON.stringify(body) }) });
  return { status: res.status, json: (await res.json()) as T };
}
