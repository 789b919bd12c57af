// Cards show the first N characters of a description, then '...'.
export function truncate(text: string, length: number): string {
  return `${text.slice(0, length)}...`;
}
