package veil.ggp;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * Serves GGP messages over HTTP on the loopback interface: each POST's body is a message, the response body its
 * answer ({@code text/acl}, as the GGP hosts expect). Messages are handled one at a time. Bodies over {@link
 * #MAX_BODY} bytes are refused.
 */
public final class GgpServer implements AutoCloseable {
  public static final int MAX_BODY = 16 << 20;

  private final HttpServer server;
  private final ExecutorService executor;

  private GgpServer(HttpServer server, ExecutorService executor) {
    this.server = server;
    this.executor = executor;
  }

  /** Starts serving {@code handler} on 127.0.0.1:{@code port} (0: a free port). */
  public static GgpServer start(int port, Function<String, String> handler) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
    ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "ggp-http");
      t.setDaemon(true);
      return t;
    });
    server.setExecutor(executor);
    server.createContext("/", exchange -> respond(exchange, handler));
    server.start();
    return new GgpServer(server, executor);
  }

  private static void respond(HttpExchange exchange, Function<String, String> handler) throws IOException {
    try (exchange) {
      int status = 200;
      String answer;
      if (!exchange.getRequestMethod().equalsIgnoreCase("POST")) {
        answer = exchange.getRequestMethod().equalsIgnoreCase("OPTIONS") ? "" : "a GGP player: POST a message";
      } else {
        byte[] body = readBounded(exchange.getRequestBody());
        if (body == null) {
          status = 413;
          answer = "ERROR: message larger than " + MAX_BODY + " bytes";
        } else {
          answer = handler.apply(new String(body, StandardCharsets.UTF_8));
        }
      }
      byte[] out = answer.getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "text/acl");
      exchange.getResponseHeaders().set("Access-Control-Allow-Origin", "*");
      exchange.getResponseHeaders().set("Access-Control-Allow-Methods", "POST, GET, OPTIONS");
      exchange.getResponseHeaders().set("Access-Control-Allow-Headers", "Content-Type");
      exchange.sendResponseHeaders(status, out.length == 0 ? -1 : out.length);
      if (out.length > 0) {
        try (OutputStream os = exchange.getResponseBody()) {
          os.write(out);
        }
      }
    }
  }

  private static byte[] readBounded(InputStream in) throws IOException {
    byte[] data = in.readNBytes(MAX_BODY + 1);
    return data.length > MAX_BODY ? null : data;
  }

  /** The port served (useful after starting on port 0). */
  public int port() {
    return server.getAddress().getPort();
  }

  public String url() {
    return "http://127.0.0.1:" + port() + "/";
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
