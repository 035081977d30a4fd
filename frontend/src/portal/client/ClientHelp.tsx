export function ClientHelp() {
  return (
    <main className="cp-page">
      <h1>ClientHelp</h1>
    </main>
  );
}
