/** What a guarded request may send: text or bytes as they are, forms encoded as fetch encodes them. */
export type OutboundBody = string | Uint8Array | URLSearchParams | FormData;

/**
 * The bytes of a body and the content type it implies (a multipart boundary, a form's
 * type). A FormData is encoded whole: the parts callers send (one upload chunk, a small
 * image) are already in memory, and a whole body has a length, so no chunked encoding.
 */
export async function encodedBody(
  body: OutboundBody,
): Promise<{ bytes: string | Uint8Array; contentType: string | null }> {
  if (typeof body === 'string' || body instanceof Uint8Array) return { bytes: body, contentType: null };
  const encoded = new Response(body);
  return {
    bytes: new Uint8Array(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type'),
  };
}
