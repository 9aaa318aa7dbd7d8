/** A 24×24 line icon in the text colour (decorative: hidden from assistive technology). `d`: the path data. */
export function LineIcon({ d, className = 'size-5' }: { d: string; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`${className} stroke-current`}
      fill="none"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}
