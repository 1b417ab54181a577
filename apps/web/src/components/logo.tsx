interface LogoProps {
  className?: string;
}

/**
 * Reloop mark: recycling arrows around a laptop. Same drawing as `public/favicon.svg`.
 * Decorative: always render it next to visible text such as "Reloop".
 */
export function Logo({ className }: LogoProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 32 32"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <g
        stroke="#16a34a"
        fill="#16a34a"
        strokeWidth={2.5}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path fill="none" d="M4.25 11.72A12.5 12.5 0 0 1 26.83 9.75" />
        <path d="M28.63 12.87 23.93 10.73 29.12 7.73Z" />
        <path fill="none" d="M27.75 20.28A12.5 12.5 0 0 1 5.17 22.25" />
        <path d="M3.37 19.13 8.07 21.27 2.88 24.27Z" />
      </g>
      <g
        stroke="currentColor"
        fill="none"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <rect x="10.5" y="10.5" width="11" height="7.5" rx="1" />
        <path d="M9.5 21h13" />
      </g>
    </svg>
  );
}
