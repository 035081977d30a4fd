export function ClientPortal() {
  return (
    <main className="cp-page">
      <h1>ClientPortal</h1>
    </main>
  );
}
