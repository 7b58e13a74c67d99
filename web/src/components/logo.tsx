/** The Tyiyn coin mark. */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className="logo-mark">
      <defs>
        <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff922b" />
          <stop offset="1" stopColor="#d9480f" />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="30" fill="url(#logo-gradient)" />
      <circle cx="32" cy="32" r="23" fill="none" stroke="#ffe8cc" strokeWidth="3" />
      <text x="32" y="43" fontFamily="Georgia, serif" fontSize="30" fontWeight="700" textAnchor="middle" fill="#fff">
        Т
      </text>
    </svg>
  )
}
