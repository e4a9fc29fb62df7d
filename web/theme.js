// Before the page paints: the theme the address asks for (?theme=light, for a projector's bookmark),
// else the one this browser chose last, else the system's.
{
  const asked = new URLSearchParams(location.search).get('theme');
  if (asked === 'light' || asked === 'dark') localStorage.setItem('seqref-theme', asked);
  document.documentElement.dataset.theme = localStorage.getItem('seqref-theme') || (matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark');
}
