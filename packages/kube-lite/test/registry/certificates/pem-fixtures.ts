/**
 * PEM fixtures of the certificates tests, made once with OpenSSL 3.0 (`openssl req -new -newkey rsa:2048|ec
 * -pkeyopt ec_paramgen_curve:P-256|ed25519 -nodes -subj ...`, and `openssl req -x509` for the certificate);
 * the private keys were discarded.
 */

/** An RSA-2048 / SHA-256 request for CN=alice, O=dev. */
export const RSA_CSR = `-----BEGIN CERTIFICATE REQUEST-----
MIICYzCCAUsCAQAwHjEOMAwGA1UEAwwFYWxpY2UxDDAKBgNVBAoMA2RldjCCASIw
DQYJKoZIhvcNAQEBBQADggEPADCCAQoCggEBALe89I8Ez065QWQuvXmCcUQlUdXA
9Pw/7U5uP9VRw0lroyGBHZQMSw5tR4xrYL5XO6If/mwack4BaMY6a5JQWE2wT112
+9AsHtxLdAJEZfriFUDbg9yMuXVZbmR/hH8RHKYfblgN6SUs8Nc/ZECg8p5O/m64
Xytt5OeUKjQb8DiNLNpdN4+Ebn5UeHuQUqANpwfTD7V+eGIbDwuuglcyKfN5zIf+
9ctIy+QZScOSGpU4mc0Mb7uPgQEkPk9hhmE+/fFzZseBCY+aEErIEqdcuZ1oIHnR
j2+QOM2oUW6YMXAFlzphHe+TeRIn9aSEmrYGj/oQ0h6ivccmyNBq/W+5SX0CAwEA
AaAAMA0GCSqGSIb3DQEBCwUAA4IBAQCTs6MIz/kQwfCKSg4daRbmKHSUsZ4vNIuN
Xe5s4dtoMv5t6h6NRyisgTrQnG23YnMSA/+faFMBTQau9/qAwxoOLI7c3if09ecx
HiHwbDKysYpyNYDyFp9HgJtydftm7Or/ifXES/KBvKt344/KWgDnG07q76I2gtJ2
8wthShw4Jg2JPl5uwtq075SRIAMM5I1j4y5MYDT4HqY1IhZQ+SZlAivbj9wNybCU
jsJmoVnLZihiRHUt13W7vbr/F1uE9B5fSicmbh/k356vOcJf5GEceZjzcx9ezXJj
n/8RRzOC5u+8ZXafBepTFCn2lzfMJsCrlvpiQF1XZUzZ193f707g
-----END CERTIFICATE REQUEST-----
`;

/** An ECDSA P-256 / SHA-256 request for CN=system:node:node-1, O=system:nodes. */
export const EC_CSR = `-----BEGIN CERTIFICATE REQUEST-----
MIHvMIGWAgEAMDQxGzAZBgNVBAMMEnN5c3RlbTpub2RlOm5vZGUtMTEVMBMGA1UE
CgwMc3lzdGVtOm5vZGVzMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAERiScRn7/
zTYWEkDVEKuamsFCLK/ow7tdzgxDP0hgtbsi+QYVFZpOGN/yFvHSKHywlUnxc8MR
UahHDGX6KXrBlKAAMAoGCCqGSM49BAMCA0gAMEUCIQCtgPmFBXyl6soBMPUWX4Hl
nxrr+Ds45uORkShC9CMySwIgMUWDUPhvAcSJarkoPNUdGFvRZ249bcS360GfP2dG
hBU=
-----END CERTIFICATE REQUEST-----
`;

/** An Ed25519 request for CN=bob. */
export const ED25519_CSR = `-----BEGIN CERTIFICATE REQUEST-----
MIGNMEECAQAwDjEMMAoGA1UEAwwDYm9iMCowBQYDK2VwAyEAakndyEh9KJO6tHzH
WNaSHXxNbBg0ZoqCSymGnjKpvumgADAFBgMrZXADQQDlaQSQ17Oy7T8kan431/eZ
Peks+IhFE92e1eOYiAzzKQzLjKZiYiWSdS091IOzEfo2pKtZUVUO+YVSyh3IlAcO
-----END CERTIFICATE REQUEST-----
`;

/** A self-signed ECDSA certificate (CN=issued). */
export const CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBeDCCAR2gAwIBAgIUXN/ZPY9xZKWqL4FwWnXe93E/ER8wCgYIKoZIzj0EAwIw
ETEPMA0GA1UEAwwGaXNzdWVkMB4XDTI2MTEyODIxNTcyNVoXDTM2MTEyNTIxNTcy
NVowETEPMA0GA1UEAwwGaXNzdWVkMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE
RiScRn7/zTYWEkDVEKuamsFCLK/ow7tdzgxDP0hgtbsi+QYVFZpOGN/yFvHSKHyw
lUnxc8MRUahHDGX6KXrBlKNTMFEwHQYDVR0OBBYEFB9eaIHSVgwb8eTSxodC5Eai
S+eeMB8GA1UdIwQYMBaAFB9eaIHSVgwb8eTSxodC5EaiS+eeMA8GA1UdEwEB/wQF
MAMBAf8wCgYIKoZIzj0EAwIDSQAwRgIhAL5j4TQminDAeW0lunlIOyJ/h/IaR31n
zG3faIglmsapAiEAzxWXRgzD5un/B5XHCAmyi04nI+VC/xa9Z5DdaF4HCZw=
-----END CERTIFICATE-----
`;

/** Base64 of a PEM text, as a `[]byte` field travels in JSON. */
export const b64 = (pem: string): string => Buffer.from(pem).toString("base64");
