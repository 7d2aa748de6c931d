#version 450
// The colour interpolated between the triangle's vertices.
layout(location = 0) in vec3 vertexColor;
layout(location = 0) out vec4 fragmentColor;

void main() {
    fragmentColor = vec4(vertexColor, 1.0);
}
