/** `application/xml`. */
export const MIME_XML = 'application/xml';
/** `application/json`. */
export const MIME_JSON = 'application/json';
/** `application/zip`. */
export const MIME_ZIP = 'application/zip';
/** `application/octet-stream`, assumed for requests without a Content-Type. */
export const MIME_OCTET = 'application/octet-stream';

/** `Allow`. */
export const HEADER_Allow = 'Allow';
/** `Accept`. */
export const HEADER_Accept = 'Accept';
/** `Origin`. */
export const HEADER_Origin = 'Origin';
/** `Content-Type`. */
export const HEADER_ContentType = 'Content-Type';
/** `Content-Length`. */
export const HEADER_ContentLength = 'Content-Length';
/** `Accept-Encoding`. */
export const HEADER_AcceptEncoding = 'Accept-Encoding';
/** `Content-Encoding`. */
export const HEADER_ContentEncoding = 'Content-Encoding';
/** `Access-Control-Expose-Headers`. */
export const HEADER_AccessControlExposeHeaders = 'Access-Control-Expose-Headers';
/** `Access-Control-Request-Method`. */
export const HEADER_AccessControlRequestMethod = 'Access-Control-Request-Method';
/** `Access-Control-Request-Headers`. */
export const HEADER_AccessControlRequestHeaders = 'Access-Control-Request-Headers';
/** `Access-Control-Allow-Methods`. */
export const HEADER_AccessControlAllowMethods = 'Access-Control-Allow-Methods';
/** `Access-Control-Allow-Origin`. */
export const HEADER_AccessControlAllowOrigin = 'Access-Control-Allow-Origin';
/** `Access-Control-Allow-Credentials`. */
export const HEADER_AccessControlAllowCredentials = 'Access-Control-Allow-Credentials';
/** `Access-Control-Allow-Headers`. */
export const HEADER_AccessControlAllowHeaders = 'Access-Control-Allow-Headers';
/** `Access-Control-Max-Age`. */
export const HEADER_AccessControlMaxAge = 'Access-Control-Max-Age';

/** The `gzip` content coding. */
export const ENCODING_GZIP = 'gzip';
/** The `deflate` content coding (zlib format, as Go's `compress/zlib`). */
export const ENCODING_DEFLATE = 'deflate';
