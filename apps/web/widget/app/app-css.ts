/** The opened panel's look (the launcher's is loader/launcher-css.ts; both live in one shadow root). */
export const APP_CSS = `
.oc-panel{position:fixed;bottom:92px;right:20px;z-index:2147483000;width:380px;height:min(640px,calc(100vh - 112px));display:flex;flex-direction:column;background:#fff;border-radius:18px;overflow:hidden;box-shadow:0 18px 50px rgba(15,23,42,.22),0 4px 12px rgba(15,23,42,.12);opacity:0;transform:translateY(12px) scale(.98);transform-origin:bottom right;pointer-events:none;visibility:hidden;transition:opacity .18s ease,transform .18s ease,visibility 0s linear .18s}
.oc-left .oc-panel{right:auto;left:20px;transform-origin:bottom left}
.oc-open .oc-panel{opacity:1;transform:none;pointer-events:auto;visibility:visible;transition:opacity .18s ease,transform .18s ease}
.oc-head{display:flex;align-items:center;gap:12px;padding:16px 14px 16px 18px;background:var(--oc);color:var(--oc-text);flex:none}
.oc-avatar{width:40px;height:40px;border-radius:50%;flex:none;display:flex;align-items:center;justify-content:center;font-weight:600;font-size:16px;background:rgba(255,255,255,.22);overflow:hidden;box-shadow:0 0 0 2px rgba(255,255,255,.5)}
.oc-avatar img{width:100%;height:100%;object-fit:cover}
.oc-titles{flex:1;min-width:0}
.oc-title{margin:0;font-size:16px;font-weight:600;line-height:1.3;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.oc-sub{margin:2px 0 0;font-size:12.5px;opacity:.88;display:flex;align-items:center;gap:6px}
.oc-dot{width:8px;height:8px;border-radius:50%;background:#22c55e;box-shadow:0 0 0 2px rgba(255,255,255,.6)}
.oc-dot.oc-off{background:#9ca3af}
.oc-icon-btn{width:36px;height:36px;border:0;border-radius:50%;background:transparent;color:inherit;display:flex;align-items:center;justify-content:center;cursor:pointer;flex:none}
.oc-icon-btn:hover{background:rgba(127,127,127,.16)}
.oc-icon-btn:focus-visible,.oc button:focus-visible,.oc-field input:focus-visible{outline:2px solid var(--oc);outline-offset:2px}
.oc-head .oc-icon-btn:focus-visible{outline-color:var(--oc-text)}
.oc-banner{flex:none;padding:8px 14px;font-size:12.5px;background:#fff7ed;color:#9a3412;border-bottom:1px solid #fed7aa}
.oc-banner[hidden]{display:none}
.oc-body{flex:1;min-height:0;display:flex;flex-direction:column;background:#f5f6f8;position:relative}
.oc-list{flex:1;overflow-y:auto;padding:16px 14px 8px;display:flex;flex-direction:column;gap:2px;overscroll-behavior:contain}
.oc-day{align-self:center;margin:10px 0 8px;padding:2px 10px;border-radius:999px;background:#e8eaee;color:#4b5563;font-size:11.5px;font-weight:500}
.oc-row{display:flex;flex-direction:column;max-width:80%;margin-top:6px}
.oc-row-out{align-self:flex-start;align-items:flex-start}
.oc-row-in{align-self:flex-end;align-items:flex-end}
.oc-row+.oc-row-same{margin-top:2px}
.oc-author{font-size:12px;color:#6b7280;margin:0 0 3px 4px;font-weight:500}
.oc-bubble{padding:9px 13px;border-radius:18px;background:#fff;color:#111827;box-shadow:0 1px 2px rgba(15,23,42,.08);overflow-wrap:anywhere;display:flex;flex-direction:column;gap:6px}
.oc-row-out .oc-bubble{border-bottom-left-radius:6px}
.oc-row-in .oc-bubble{background:var(--oc);color:var(--oc-text);border-bottom-right-radius:6px}
.oc-row .oc-media{padding:0;background:none;box-shadow:none}
.oc-text{white-space:pre-wrap;margin:0}
.oc-meta{font-size:11px;color:#8a909a;margin:3px 6px 0;display:flex;gap:6px;align-items:center}
.oc-failed{color:#dc2626}
.oc-link{border:0;background:none;padding:0;font:inherit;color:inherit;text-decoration:underline;cursor:pointer}
.oc-sending .oc-bubble{opacity:.7}
.oc-event{align-self:center;font-size:12px;color:#6b7280;margin:8px 0;text-align:center}
.oc-img{display:block;border:0;padding:0;background:#e5e7eb;border-radius:12px;overflow:hidden;cursor:zoom-in;min-width:120px;min-height:80px;max-width:240px}
.oc-img img{display:block;max-width:240px;max-height:240px;width:auto;height:auto}
.oc-file{display:flex;align-items:center;gap:10px;border:0;border-radius:12px;padding:8px 10px;background:rgba(127,127,127,.12);color:inherit;font:inherit;text-align:left;cursor:pointer;max-width:260px}
.oc-file span{display:block;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.oc-file small{opacity:.75;font-size:11.5px}
.oc-typing{align-self:flex-start;display:flex;gap:4px;padding:12px 14px;margin-top:6px;border-radius:18px;border-bottom-left-radius:6px;background:#fff;box-shadow:0 1px 2px rgba(15,23,42,.08)}
.oc-typing i{width:7px;height:7px;border-radius:50%;background:#9ca3af;animation:oc-bounce 1.2s infinite}
.oc-typing i:nth-child(2){animation-delay:.15s}.oc-typing i:nth-child(3){animation-delay:.3s}
@keyframes oc-bounce{0%,60%,100%{transform:none;opacity:.5}30%{transform:translateY(-4px);opacity:1}}
.oc-composer{flex:none;border-top:1px solid #eceef1;background:#fff;padding:10px 10px 8px}
.oc-compose-row{display:flex;align-items:flex-end;gap:6px;background:#f3f4f6;border-radius:22px;padding:4px 4px 4px 6px}
.oc-compose-row:focus-within{box-shadow:0 0 0 2px var(--oc)}
.oc-composer textarea{flex:1;border:0;background:transparent;resize:none;font:inherit;color:#111827;padding:8px 4px;max-height:120px;min-height:36px;outline:none}
.oc-composer .oc-icon-btn{color:#6b7280;width:36px;height:36px}
.oc-send{background:var(--oc)!important;color:var(--oc-text)!important}
.oc-send:disabled{opacity:.45;cursor:default}
.oc-error{margin:6px 8px 0;font-size:12.5px;color:#dc2626}
.oc-error:empty{display:none}
.oc-brand{margin:6px 0 0;text-align:center;font-size:11px;color:#9ca3af}
.oc-form{flex:1;overflow-y:auto;padding:20px 18px;display:flex;flex-direction:column;gap:14px;background:#fff}
.oc-intro{margin:0;color:#374151;background:#f5f6f8;border-radius:12px;padding:12px 14px;white-space:pre-wrap}
.oc-field{display:flex;flex-direction:column;gap:5px}
.oc-field label{font-size:13px;font-weight:600;color:#374151}
.oc-field label small{font-weight:400;color:#9ca3af}
.oc-field input,.oc-field textarea{font:inherit;color:#111827;border:1px solid #d1d5db;border-radius:10px;padding:9px 12px;background:#fff;width:100%}
.oc-field textarea{resize:vertical;min-height:96px}
.oc-field input:focus,.oc-field textarea:focus{outline:none;border-color:var(--oc);box-shadow:0 0 0 3px rgba(127,127,127,.15)}
.oc-field [aria-invalid=true]{border-color:#dc2626}
.oc-field .oc-error{margin:0}
.oc-primary{border:0;border-radius:10px;padding:11px 16px;background:var(--oc);color:var(--oc-text);font:inherit;font-weight:600;cursor:pointer}
.oc-primary:disabled{opacity:.6;cursor:default}
.oc-done{flex:1;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;padding:24px;text-align:center;color:#374151;background:#fff}
.oc-done svg{color:var(--oc);width:44px;height:44px}
.oc-survey{margin:12px 0 6px;align-self:stretch;background:#fff;border-radius:14px;padding:14px;box-shadow:0 1px 3px rgba(15,23,42,.1);display:flex;flex-direction:column;gap:10px}
.oc-survey p{margin:0;font-weight:600;color:#111827}
.oc-stars{display:flex;gap:4px}
.oc-star{border:0;background:none;padding:2px;cursor:pointer;color:#d1d5db}
.oc-star svg{width:30px;height:30px}
.oc-star.oc-on{color:#f59e0b}
.oc-star.oc-on svg{fill:currentColor}
.oc-survey textarea{font:inherit;color:#111827;border:1px solid #d1d5db;border-radius:10px;padding:8px 10px;resize:vertical;min-height:60px}
.oc-survey textarea:focus{outline:none;border-color:var(--oc);box-shadow:0 0 0 3px rgba(127,127,127,.15)}
.oc-drop{position:absolute;inset:8px;border:2px dashed var(--oc);border-radius:14px;background:rgba(255,255,255,.92);display:flex;align-items:center;justify-content:center;color:#374151;font-weight:600;z-index:2}
.oc-drop[hidden]{display:none}
.oc-badge{position:absolute;top:-2px;right:-2px;min-width:20px;height:20px;padding:0 5px;border-radius:10px;background:#ef4444;color:#fff;font-size:11.5px;font-weight:700;display:flex;align-items:center;justify-content:center;box-shadow:0 0 0 2px #fff}
.oc-badge[hidden]{display:none}
.oc-spin{margin:auto;width:28px;height:28px;border-radius:50%;border:3px solid #e5e7eb;border-top-color:var(--oc);animation:oc-spin .8s linear infinite}
.oc-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:480px){.oc-panel{inset:0;width:auto;height:auto;border-radius:0}.oc-open .oc-launcher{display:none}}
`;
