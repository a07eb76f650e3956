// A page to print (the table cards, the standings): its Print button opens the browser's
// print dialog (the page's own style sets A4).
document.addEventListener("DOMContentLoaded", () => {
  const button = document.getElementById("print");
  if (button) button.addEventListener("click", () => window.print());
});
