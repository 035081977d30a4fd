import { type PointerEvent, useEffect, useRef } from 'react';

/** The box a drawing is kept in: the server keeps its path in these units (backend soa-pdf.ts). */
export const PAD = { width: 600, height: 200 };

/**
 * A box to sign in with a finger or the mouse. What is drawn goes up as SVG path data ("M x y L x
 * y …") in PAD units, whatever size the box is shown at; `onChange(null)` once it is cleared.
 */
export function SignaturePad({ label, path, onChange }: { label: string; path: string | null; onChange: (path: string | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<string[] | null>(null);
  const steps = useRef<string[]>([]);

  // Cleared from outside (Clear): the box is emptied too.
  useEffect(() => {
    if (path !== null) return;
    steps.current = [];
    const context = canvas.current?.getContext('2d');
    context?.clearRect(0, 0, PAD.width, PAD.height);
  }, [path]);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * PAD.width;
    const y = ((event.clientY - box.top) / box.height) * PAD.height;
    return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const { x, y } = point(event);
    drawing.current = [`M${x} ${y}`];
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    context.lineWidth = 4;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#0f172a';
    context.beginPath();
    context.moveTo(x, y);
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const { x, y } = point(event);
    drawing.current.push(`L${x} ${y}`);
    const context = event.currentTarget.getContext('2d');
    context?.lineTo(x, y);
    context?.stroke();
  };

  const end = () => {
    const stroke = drawing.current;
    drawing.current = null;
    // A tap is not a stroke: a line needs at least one move.
    if (!stroke || stroke.length < 2) return;
    steps.current = [...steps.current, ...stroke];
    onChange(steps.current.join(' '));
  };

  return (
    <canvas
      ref={canvas}
      className="cp-signature-pad"
      width={PAD.width}
      height={PAD.height}
      role="img"
      aria-label={label}
      onPointerDown={start}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={end}
      onPointerLeave={end}
    />
  );
}
