import { site } from '~/lib/site';

export function Logo() {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <circle cx="16" cy="16" r="15" fill="currentColor" />
        <path d="M5 22 L12 12 L16 17 L20 10 L27 22 Z" fill="#f6c177" />
        <circle cx="22" cy="8" r="2.5" fill="#fdf6ec" />
      </svg>
      <span className="logo__text">{site.name}</span>
    </span>
  );
}
