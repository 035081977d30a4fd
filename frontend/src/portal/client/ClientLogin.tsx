export function ClientLogin() {
  return (
    <main className="cp-page">
      <h1>ClientLogin</h1>
    </main>
  );
}
