import { type PointerEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../api/app-error';
import { uploadFile } from '../files/upload';
import { mediaTexts } from '../texts/app-texts';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { fileSrc } from '../ui/file-url';
import { ModalShell } from '../ui/modal';
import { showToast } from '../ui/toast-store';
import { buildMask, type Stroke } from './mask';
import type { ChatImage } from './types';

const MIN_BRUSH = 4;
const MAX_BRUSH = 96;

/**
 * The masked edit: the user paints over the area to change (mouse, pen or touch through pointer
 * events), sets the brush size, undoes or clears, says what should change, and Apply uploads the
 * mask (`purpose=mask`, the image's natural size) and sends the prompt with `[imageId, maskId]`.
 */
export default function CanvasEditor({
  image,
  onSend,
  onClose,
}: {
  image: ChatImage;
  onSend: (text: string, attachments: string[]) => Promise<boolean>;
  onClose: () => void;
}) {
  const titleId = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<Stroke | null>(null);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [brush, setBrush] = useState(32);
  const [prompt, setPrompt] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shape = natural ?? (image.width && image.height ? { width: image.width, height: image.height } : null);

  const paint = useCallback((list: readonly Stroke[]) => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx) return;
    ctx.clearRect(0, 0, el.width, el.height);
    // Opaque strokes on a half-transparent canvas: overlaps do not darken, the mask shape shows as is.
    ctx.fillStyle = ctx.strokeStyle = '#ff3b30';
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    for (const stroke of list) {
      const [first, ...rest] = stroke.points;
      if (!first) continue;
      ctx.beginPath();
      if (rest.length === 0) {
        ctx.arc(first.x, first.y, stroke.radius, 0, Math.PI * 2);
        ctx.fill();
        continue;
      }
      ctx.lineWidth = stroke.radius * 2;
      ctx.moveTo(first.x, first.y);
      for (const p of rest) ctx.lineTo(p.x, p.y);
      ctx.stroke();
    }
  }, []);

  useEffect(() => paint(strokes), [paint, strokes]);

  const toImage = (event: PointerEvent<HTMLCanvasElement>) => {
    const el = event.currentTarget;
    const rect = el.getBoundingClientRect();
    const scale = el.width / rect.width;
    return { x: (event.clientX - rect.left) * scale, y: (event.clientY - rect.top) * scale, scale };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!natural || busy) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const { x, y, scale } = toImage(event);
    drawing.current = { radius: (brush / 2) * scale, points: [{ x, y }] };
    setProblem(null);
    paint([...strokes, drawing.current]);
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const stroke = drawing.current;
    if (!stroke) return;
    const { x, y } = toImage(event);
    stroke.points.push({ x, y });
    paint([...strokes, stroke]);
  };

  const onPointerUp = () => {
    const stroke = drawing.current;
    drawing.current = null;
    if (stroke) setStrokes((list) => [...list, stroke]);
  };

  const undo = () => setStrokes((list) => list.slice(0, -1));
  const clear = () => setStrokes([]);

  const apply = async () => {
    if (!natural || busy) return;
    if (strokes.length === 0) return setProblem(mediaTexts.canvas.needMask);
    if (prompt.trim() === '') return setProblem(mediaTexts.canvas.needPrompt);
    setProblem(null);
    setBusy(true);
    try {
      const mask = await buildMask(strokes, natural.width, natural.height);
      const uploaded = await uploadFile(mask, { purpose: 'mask', filename: 'mask.png' });
      const accepted = await onSend(prompt.trim(), [image.id, uploaded.id]);
      if (accepted) onClose();
    } catch (error) {
      showToast({ severity: 'error', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const button = 'h-10 rounded-lg border border-border bg-surface-3 px-3 text-sm font-medium disabled:opacity-40';
  return (
    <ModalShell
      open
      onClose={onClose}
      labelledBy={titleId}
      modalId="canvas-editor"
      className="flex max-h-[95dvh] flex-col sm:max-w-3xl"
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Ctrl/Cmd+Z undoes the last stroke, as the Undo button does. */}
      <div
        className="flex min-h-0 flex-col gap-3 p-4"
        onKeyDown={(e) => {
          if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z' && e.target === e.currentTarget) {
            e.preventDefault();
            undo();
          }
        }}
      >
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-lg font-semibold">
              {mediaTexts.canvas.title}
            </h2>
            <p className="text-sm text-muted">{mediaTexts.canvas.help}</p>
          </div>
          <Button onClick={onClose} aria-label={mediaTexts.lightbox.close} className={button} data-autofocus>
            <span aria-hidden="true">×</span>
          </Button>
        </div>
        <div className="flex min-h-0 justify-center overflow-hidden rounded-lg bg-black/40">
          {/* The picture fills a box of its own aspect ratio (small ones scale up), so the canvas lies exactly on it. */}
          <div
            className="relative max-w-full"
            style={
              shape
                ? {
                    aspectRatio: `${shape.width} / ${shape.height}`,
                    height: `min(50dvh, calc((min(100vw, 48rem) - 3.5rem) * ${shape.height / shape.width}))`,
                  }
                : undefined
            }
          >
            <img
              src={fileSrc(image.url)}
              alt=""
              draggable={false}
              onLoad={(e) => setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
              onError={() => setFailed(true)}
              className={`block select-none ${shape ? 'h-full w-full' : 'max-h-[50dvh] max-w-full'}`}
            />
            {natural ? (
              <canvas
                ref={canvas}
                width={natural.width}
                height={natural.height}
                role="img"
                aria-label={mediaTexts.canvas.surface}
                data-testid="mask-canvas"
                data-strokes={strokes.length}
                className="absolute inset-0 h-full w-full cursor-crosshair touch-none opacity-50"
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={onPointerUp}
              />
            ) : null}
          </div>
        </div>
        {failed ? (
          <p className="text-sm text-danger" role="alert">
            {mediaTexts.canvas.loadFailed}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <Field label={mediaTexts.canvas.brush} layout="inline">
            {(control) => (
              <input
                {...control}
                type="range"
                min={MIN_BRUSH}
                max={MAX_BRUSH}
                step={2}
                value={brush}
                onChange={(e) => setBrush(Number(e.target.value))}
                className="w-32 accent-[var(--color-accent)]"
              />
            )}
          </Field>
          <span
            aria-hidden="true"
            className="inline-block rounded-full bg-[#ff3b30]/60"
            style={{ width: Math.max(6, brush / 2), height: Math.max(6, brush / 2) }}
          />
          <span className="flex-1" />
          <Button onClick={undo} disabled={strokes.length === 0 || busy} className={button}>
            {mediaTexts.canvas.undo}
          </Button>
          <Button onClick={clear} disabled={strokes.length === 0 || busy} className={button}>
            {mediaTexts.canvas.clear}
          </Button>
        </div>
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void apply();
          }}
        >
          <Field label={mediaTexts.canvas.prompt}>
            {(control) => (
              <input
                {...control}
                value={prompt}
                onChange={(e) => setPrompt(e.target.value)}
                placeholder={mediaTexts.canvas.promptPlaceholder}
                maxLength={4000}
                className="h-11 rounded-xl border border-border bg-surface px-3 text-fg placeholder:text-muted"
              />
            )}
          </Field>
          {problem ? (
            <p className="text-sm text-danger" role="alert">
              {problem}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button onClick={onClose} className={button}>
              {mediaTexts.canvas.cancel}
            </Button>
            <Button type="submit" disabled={busy || !natural} variant="primary" size="sm" className="h-10">
              {busy ? mediaTexts.canvas.applying : mediaTexts.canvas.apply}
            </Button>
          </div>
        </form>
      </div>
    </ModalShell>
  );
}
