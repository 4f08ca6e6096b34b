/** The launcher's look; the panel's is the app's (app/app-css.ts). */
export const LAUNCHER_CSS = `
:host{all:initial}
.oc{font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;font-size:14px;line-height:1.45;color:#111827;-webkit-font-smoothing:antialiased}
.oc *,.oc *::before,.oc *::after{box-sizing:border-box}
.oc-launcher{position:fixed;bottom:20px;right:20px;z-index:2147483000;width:60px;height:60px;padding:0;border:0;border-radius:50%;background:var(--oc);color:var(--oc-text);box-shadow:0 6px 20px rgba(15,23,42,.25),0 2px 6px rgba(15,23,42,.15);cursor:pointer;display:flex;align-items:center;justify-content:center;transition:transform .18s ease,box-shadow .18s ease}
.oc-left .oc-launcher{right:auto;left:20px}
.oc-launcher:hover{transform:scale(1.06);box-shadow:0 10px 28px rgba(15,23,42,.3)}
.oc-launcher:focus-visible{outline:3px solid var(--oc);outline-offset:3px}
.oc-launcher svg{width:28px;height:28px;transition:transform .2s ease,opacity .2s ease}
.oc-launcher .oc-i-close{position:absolute;opacity:0;transform:rotate(-90deg)}
.oc-open .oc-launcher .oc-i-chat{opacity:0;transform:rotate(90deg)}
.oc-open .oc-launcher .oc-i-close{opacity:1;transform:none}
.oc-launcher[aria-busy=true]::after{content:"";position:absolute;inset:-4px;border-radius:50%;border:3px solid transparent;border-top-color:var(--oc);animation:oc-spin .8s linear infinite}
@keyframes oc-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.oc *{transition:none!important;animation:none!important}}
`;
