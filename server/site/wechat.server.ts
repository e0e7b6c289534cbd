import QRCode from "qrcode";

/**
 * The WeChat QR code as an SVG document (issue 4 /wechat), generated on the server from
 * configuration (WECHAT_QR_TEXT). Error correction M, 4-module quiet zone.
 */
export function wechatQrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 4, color: { dark: "#111a2eff", light: "#ffffffff" } });
}
