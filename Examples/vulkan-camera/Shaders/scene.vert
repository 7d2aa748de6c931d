#version 450
// Each vertex: a position in the world and a colour; the camera comes as a push constant.
layout(push_constant) uniform Camera { mat4 viewProjection; };
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 color;
layout(location = 0) out vec3 vertexColor;

void main() {
    gl_Position = viewProjection * vec4(position, 1.0);
    vertexColor = color;
}
