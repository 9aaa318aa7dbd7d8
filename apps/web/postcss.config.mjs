// Tailwind 4 runs as a single PostCSS plugin; no tailwind.config is needed.
export default {
  plugins: { '@tailwindcss/postcss': {} },
};
