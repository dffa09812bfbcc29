/** File-upload checks: size (default 10 MB) and the accept list. */
export const DEFAULT_MAX_FILE_MB = 10;

export const fileTooLargeMessage = (maxSizeMB: number) => `File size must be less than ${maxSizeMB}MB`;
const fileTypeMessage = (accept: string) => `Please select a valid file type: ${accept}`;

/**
 * Whether a file matches an accept list like the HTML attribute: ".pdf" (extension), "image/*"
 * (wildcard MIME type) or "application/pdf" (exact type). An empty list accepts everything.
 */
export function matchesAccept(file: { name: string; type: string }, accept: string | undefined): boolean {
  const rules = (accept ?? "")
    .split(",")
    .map((rule) => rule.trim().toLowerCase())
    .filter(Boolean);
  if (rules.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return rules.some((rule) => {
    if (rule.startsWith(".")) return name.endsWith(rule);
    if (rule.endsWith("/*")) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}

/** The message for a file that cannot be accepted, or null. */
export function validateFile(
  file: { name: string; type: string; size: number },
  options: { maxSizeMB?: number; accept?: string } = {},
): string | null {
  const maxSizeMB = options.maxSizeMB ?? DEFAULT_MAX_FILE_MB;
  if (file.size > maxSizeMB * 1024 * 1024) return fileTooLargeMessage(maxSizeMB);
  if (!matchesAccept(file, options.accept)) return fileTypeMessage(options.accept!);
  return null;
}
