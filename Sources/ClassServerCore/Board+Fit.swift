extension BoardPage {
    /// The page's script that fits the board to the screen (a projector is never scrolled): as many stuck names as
    /// fit, the rest counted below them; the histograms with their headings, and the progress rows nearest the
    /// presenter's step. A box that does not fit whole is not shown. Narrow screens (phones) scroll the page instead.
    static let fitting = """
        function fit() {
          function out(e, col) { return e.getBoundingClientRect().bottom > col.getBoundingClientRect().bottom + 0.5; }
          function show(list) { for (var i = 0; i < list.length; i++) list[i].style.display = ""; }
          function visible(list) { return Array.prototype.filter.call(list, function (e) { \
        return e.style.display !== "none"; }); }
          var cols = document.querySelectorAll("#board .col");
          if (cols.length < 2) return;
          var fits = getComputedStyle(cols[0]).overflowY === "hidden";
          var list = document.getElementById("stuck"), more = document.getElementById("stuck-more");
          if (list && more) {
            var items = list.children, shown = items.length, rest = +more.getAttribute("data-rest");
            show(items);
            for (;;) {
              var n = rest + items.length - shown;
              var text = n === 0 ? "" : more.getAttribute("data-text").replace("{n}", n);
              if (more.textContent !== text) more.textContent = text;
              if (!fits || shown === 0 || !(out(items[shown - 1], cols[0]) || (n > 0 && out(more, cols[0])))) break;
              shown -= 1;
              items[shown].style.display = "none";
            }
          }
          var rows = document.querySelectorAll("#progress tbody tr");
          var charts = document.querySelectorAll("#board .histogram");
          show(rows);
          show(charts);
          var table = document.getElementById("progress");
          if (!fits || !table) return;
          var at = document.querySelector("#progress tr.current");
          var step = at ? +at.getAttribute("data-step") : 0;
          function farthest(list, keep) {
            var best = null;
            visible(list).forEach(function (e) {
              var n = +e.getAttribute("data-step"), d = Math.abs(n - step);
              if (e !== at && d > keep && (!best || d > best.d || (d === best.d && n < best.n))) {
                best = {e: e, d: d, n: n};
              }
            });
            return best && best.e;
          }
          // The rows beside the presenter's step go last; a histogram before them, but one always stays.
          while (out(table, cols[1])) {
            var next = farthest(rows, 1) || (visible(charts).length > 1 && farthest(charts, -1)) || farthest(rows, 0);
            if (!next) break;
            next.style.display = "none";
          }
        }
        """
}
