/** Tests only: a multipart request for work — text fields, then files in "photos" (or another field). */
export type FormFile = { name: string; type: string; data: Buffer; field?: string };

export function workRequestForm(fields: Record<string, string>, files: FormFile[]) {
  const boundary = '----fwphotos' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'photos'}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`),
    );
    parts.push(f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
