/** Text on the channel's colour: white on dark colours, near-black on light ones (WCAG luminance). */
export function textOn(hex: string): string {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!match) return '#fff';
  const value = parseInt(match[1] as string, 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 255) / 255;
    return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  return luminance > 0.45 ? '#111827' : '#fff';
}

/** The channel colour as given when it is a `#RRGGBB`, else the default blue. */
export function safeColour(hex: string | undefined): string {
  return hex && /^#[0-9a-f]{6}$/i.test(hex) ? hex : '#1F6FEB';
}
