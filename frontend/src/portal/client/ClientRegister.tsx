export function ClientRegister() {
  return (
    <main className="cp-page">
      <h1>ClientRegister</h1>
    </main>
  );
}
